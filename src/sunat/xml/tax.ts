import type { DocumentLine, DocumentTotals, Moneda, TipoAfectacionIgv } from '@/sunat/documents/common';
import { ela, money } from './canonical';

/** Catalog 05 tax scheme and UN/ECE 5305 category of each affectation (catalog 07). */
const SCHEMES: Record<TipoAfectacionIgv, { id: string; name: string; typeCode: string; category: string }> = {
  '10': { id: '1000', name: 'IGV', typeCode: 'VAT', category: 'S' },
  '20': { id: '9997', name: 'EXO', typeCode: 'VAT', category: 'E' },
  '30': { id: '9998', name: 'INA', typeCode: 'FRE', category: 'O' },
};

const CATEGORY_ATTRS = ' schemeAgencyName="United Nations Economic Commission for Europe" schemeID="UN/ECE 5305" schemeName="Tax Category Identifier"';
const SCHEME_ATTRS = ' schemeAgencyName="PE:SUNAT" schemeID="UN/ECE 5153" schemeName="Codigo de tributos"';
const EXEMPTION_ATTRS = ' listAgencyName="PE:SUNAT" listName="Afectacion del IGV" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo07"';

function taxScheme(afectacion: TipoAfectacionIgv): string {
  const scheme = SCHEMES[afectacion];
  return (
    `<cac:TaxScheme>${ela('cbc:ID', SCHEME_ATTRS, scheme.id)}<cbc:Name>${scheme.name}</cbc:Name>` +
    `<cbc:TaxTypeCode>${scheme.typeCode}</cbc:TaxTypeCode></cac:TaxScheme>`
  );
}

/** `<name currencyID="PEN">118.00</name>` after checking the Money format. */
export const currencyAmount = (name: string, moneda: Moneda, value: string, field: string): string =>
  `<${name} currencyID="${moneda}">${money(value, field)}</${name}>`;

/** cac:TaxTotal of one line: a single subtotal for the line's affectation. */
export function lineTaxTotal(line: DocumentLine, moneda: Moneda): string {
  const afectacion = line.tipo_afectacion_igv;
  const scheme = SCHEMES[afectacion];
  if (!scheme) throw new Error(`Tipo de afectación no soportado: ${afectacion}`);
  const tax = currencyAmount('cbc:TaxAmount', moneda, line.igv, 'igv');
  return (
    `<cac:TaxTotal>${tax}<cac:TaxSubtotal>${currencyAmount('cbc:TaxableAmount', moneda, line.valor_venta, 'valor_venta')}${tax}` +
    `<cac:TaxCategory>${ela('cbc:ID', CATEGORY_ATTRS, scheme.category)}` +
    `<cbc:Percent>${money(line.porcentaje_igv, 'porcentaje_igv')}</cbc:Percent>` +
    `${ela('cbc:TaxExemptionReasonCode', EXEMPTION_ATTRS, afectacion)}${taxScheme(afectacion)}` +
    `</cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>`
  );
}

/**
 * cac:TaxTotal of the document: one subtotal per affectation that appears in the lines
 * (SUNAT cross-checks each subtotal against the lines of that affectation).
 */
export function documentTaxTotal(lines: readonly DocumentLine[], totals: DocumentTotals, moneda: Moneda): string {
  const present = new Set(lines.map((line) => line.tipo_afectacion_igv));
  const bases: Record<TipoAfectacionIgv, string> = { '10': totals.gravadas, '20': totals.exoneradas, '30': totals.inafectas };
  let subtotals = '';
  for (const afectacion of ['10', '20', '30'] as const) {
    if (!present.has(afectacion)) continue;
    const tax = afectacion === '10' ? totals.igv : '0.00';
    subtotals +=
      `<cac:TaxSubtotal>${currencyAmount('cbc:TaxableAmount', moneda, bases[afectacion], 'totales')}` +
      `${currencyAmount('cbc:TaxAmount', moneda, tax, 'igv')}<cac:TaxCategory>${ela('cbc:ID', CATEGORY_ATTRS, SCHEMES[afectacion].category)}` +
      `${taxScheme(afectacion)}</cac:TaxCategory></cac:TaxSubtotal>`;
  }
  return `<cac:TaxTotal>${currencyAmount('cbc:TaxAmount', moneda, totals.igv, 'igv')}${subtotals}</cac:TaxTotal>`;
}
