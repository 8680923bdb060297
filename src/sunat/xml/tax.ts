import type { DocumentLine, DocumentTotals, Moneda, TipoAfectacionIgv } from '@/sunat/documents/common';
import { ela, money, sumMoney } from './canonical';

interface Scheme {
  id: string;
  name: string;
  typeCode: string;
  category: string;
}

/** Catalog 05 tax schemes, with the UN/ECE 5305 category of their lines. */
const IGV: Scheme = { id: '1000', name: 'IGV', typeCode: 'VAT', category: 'S' };
const IVAP: Scheme = { id: '1016', name: 'IVAP', typeCode: 'VAT', category: 'S' };
const EXP: Scheme = { id: '9995', name: 'EXP', typeCode: 'FRE', category: 'G' };
const GRA: Scheme = { id: '9996', name: 'GRA', typeCode: 'FRE', category: 'Z' };
const ISC: Scheme = { id: '2000', name: 'ISC', typeCode: 'EXC', category: 'S' };
const ICBPER: Scheme = { id: '7152', name: 'ICBPER', typeCode: 'OTH', category: '' };
const EXO: Scheme = { id: '9997', name: 'EXO', typeCode: 'VAT', category: 'E' };
const INA: Scheme = { id: '9998', name: 'INA', typeCode: 'FRE', category: 'O' };

/** The scheme of each catalog 07 affectation: free lines (11-16, 21, 31-37) all go to 9996. */
export function schemeOf(afectacion: TipoAfectacionIgv): Scheme {
  if (afectacion === '10') return IGV;
  if (afectacion === '17') return IVAP;
  if (afectacion === '20') return EXO;
  if (afectacion === '30') return INA;
  if (afectacion === '40') return EXP;
  if (/^(1[1-6]|21|3[1-7])$/.test(afectacion)) return GRA;
  throw new Error(`Tipo de afectación no soportado: ${afectacion}`);
}

const CATEGORY_ATTRS = ' schemeAgencyName="United Nations Economic Commission for Europe" schemeID="UN/ECE 5305" schemeName="Tax Category Identifier"';
const SCHEME_ATTRS = ' schemeAgencyName="PE:SUNAT" schemeID="UN/ECE 5153" schemeName="Codigo de tributos"';
const EXEMPTION_ATTRS = ' listAgencyName="PE:SUNAT" listName="Afectacion del IGV" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo07"';

function taxScheme(scheme: Scheme): string {
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
  const scheme = schemeOf(afectacion);
  const tax = currencyAmount('cbc:TaxAmount', moneda, line.igv, 'igv');
  const lineTaxes = sumMoney([line.igv, line.icbper?.monto ?? '0.00', line.isc?.monto ?? '0.00']);
  // With ISC the IGV base is the value plus the ISC (SUNAT's rule 3272).
  const base = line.isc ? sumMoney([line.valor_venta, line.isc.monto]) : line.valor_venta;
  return (
    `<cac:TaxTotal>${currencyAmount('cbc:TaxAmount', moneda, lineTaxes, 'igv')}${line.isc ? iscSubtotal(line.isc, moneda) : ''}` +
    `<cac:TaxSubtotal>${currencyAmount('cbc:TaxableAmount', moneda, base, 'valor_venta')}${tax}` +
    `<cac:TaxCategory>${ela('cbc:ID', CATEGORY_ATTRS, scheme.category)}` +
    `<cbc:Percent>${money(line.porcentaje_igv, 'porcentaje_igv')}</cbc:Percent>` +
    `${ela('cbc:TaxExemptionReasonCode', EXEMPTION_ATTRS, afectacion)}${taxScheme(scheme)}` +
    `</cac:TaxCategory></cac:TaxSubtotal>${line.icbper ? icbperSubtotal(line, moneda) : ''}</cac:TaxTotal>`
  );
}

const TIER_RANGE = (sistema: string): string => `<cbc:TierRange>${sistema}</cbc:TierRange>`;

/** ISC of a line: base, amount, Percent and the catalog 08 system in TierRange. */
function iscSubtotal(isc: NonNullable<DocumentLine['isc']>, moneda: Moneda): string {
  return (
    `<cac:TaxSubtotal>${currencyAmount('cbc:TaxableAmount', moneda, isc.base, 'isc')}${currencyAmount('cbc:TaxAmount', moneda, isc.monto, 'isc')}` +
    `<cac:TaxCategory>${ela('cbc:ID', CATEGORY_ATTRS, ISC.category)}<cbc:Percent>${isc.porcentaje}</cbc:Percent>` +
    `${TIER_RANGE(isc.sistema)}${taxScheme(ISC)}</cac:TaxCategory></cac:TaxSubtotal>`
  );
}

/** ICBPER of a line: bags (BaseUnitMeasure) x rate per bag (PerUnitAmount). */
function icbperSubtotal(line: DocumentLine, moneda: Moneda): string {
  const icbper = line.icbper!;
  return (
    `<cac:TaxSubtotal>${currencyAmount('cbc:TaxAmount', moneda, icbper.monto, 'icbper')}` +
    `<cbc:BaseUnitMeasure unitCode="NIU">${line.cantidad}</cbc:BaseUnitMeasure><cac:TaxCategory>` +
    `${currencyAmount('cbc:PerUnitAmount', moneda, icbper.tasa, 'icbper')}${taxScheme(ICBPER)}</cac:TaxCategory></cac:TaxSubtotal>`
  );
}

/** Taxes the client pays: IGV + IVAP (free lines' IGV is reported, never charged). */
export const chargedTaxes = (totals: DocumentTotals): string => sumMoney([totals.igv, totals.ivap ?? '0.00', totals.icbper ?? '0.00', totals.isc ?? '0.00']);

/**
 * cac:TaxTotal of the document: one subtotal per scheme that appears in the lines (SUNAT cross-checks
 * each subtotal against the lines of that scheme), with the amounts of `totals`.
 */
export function documentTaxTotal(lines: readonly DocumentLine[], totals: DocumentTotals, moneda: Moneda): string {
  const present = new Set(lines.map((line) => schemeOf(line.tipo_afectacion_igv).id));
  const zero = '0.00';
  const subtotals: Array<[Scheme, string, string]> = [
    [IGV, totals.gravadas, totals.igv],
    [IVAP, totals.ivap_base ?? zero, totals.ivap ?? zero],
    [EXP, totals.exportacion ?? zero, zero],
    [GRA, totals.gratuitas ?? zero, totals.igv_gratuitas ?? zero],
    [EXO, totals.exoneradas, zero],
    [INA, totals.inafectas, zero],
  ];
  let xml = '';
  if (lines.some((line) => line.isc)) {
    xml +=
      `<cac:TaxSubtotal>${currencyAmount('cbc:TaxableAmount', moneda, totals.isc_base ?? '0.00', 'isc')}` +
      `${currencyAmount('cbc:TaxAmount', moneda, totals.isc ?? '0.00', 'isc')}<cac:TaxCategory>${ela('cbc:ID', CATEGORY_ATTRS, ISC.category)}` +
      `${taxScheme(ISC)}</cac:TaxCategory></cac:TaxSubtotal>`;
  }
  for (const [scheme, base, tax] of subtotals) {
    if (!present.has(scheme.id)) continue;
    xml +=
      `<cac:TaxSubtotal>${currencyAmount('cbc:TaxableAmount', moneda, base, 'totales')}` +
      `${currencyAmount('cbc:TaxAmount', moneda, tax, 'igv')}<cac:TaxCategory>${ela('cbc:ID', CATEGORY_ATTRS, scheme.category)}` +
      `${taxScheme(scheme)}</cac:TaxCategory></cac:TaxSubtotal>`;
  }
  if (lines.some((line) => line.icbper)) {
    xml += `<cac:TaxSubtotal>${currencyAmount('cbc:TaxAmount', moneda, totals.icbper ?? '0.00', 'icbper')}<cac:TaxCategory>${taxScheme(ICBPER)}</cac:TaxCategory></cac:TaxSubtotal>`;
  }
  return `<cac:TaxTotal>${currencyAmount('cbc:TaxAmount', moneda, chargedTaxes(totals), 'igv')}${xml}</cac:TaxTotal>`;
}
