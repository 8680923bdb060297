import { summaryId } from '@/sunat/documents/file-names';
import { LINEA_MODIFICACION } from '@/common/estados';
import type { Moneda } from '@/sunat/documents/common';
import type { Summary, SummaryLine } from '@/sunat/documents/summary';
import { XML_DECLARATION, el, money } from './canonical';
import { openRoot } from './namespaces';
import { currencyAmount } from './tax';
import { UBL_EXTENSIONS, batchSupplierParty, signatureBlock } from './ubl-parts';

const STATUSES: readonly string[] = ['1', '2', '3'];

function isZero(value: string): boolean {
  return /^-?0+\.00$/.test(money(value));
}

/**
 * sac:BillingPayment per affectation (catálogo 11): 01 gravadas, 02 exoneradas, 03 inafectas, 04 exportación,
 * 05 gratuitas (only those with an amount).
 */
function billingPayments(line: SummaryLine): string {
  const payments: [string, string | undefined][] = [
    ['01', line.gravadas],
    ['02', line.exoneradas],
    ['03', line.inafectas],
    ['04', line.exportacion],
    ['05', line.gratuitas],
  ];
  let out = '';
  for (const [instruction, value] of payments) {
    if (value === undefined || isZero(value)) continue;
    out +=
      `<sac:BillingPayment>${currencyAmount('cbc:PaidAmount', line.moneda, value, 'summary')}` +
      `<cbc:InstructionID>${instruction}</cbc:InstructionID></sac:BillingPayment>`;
  }
  // A line whose total is zero still states one (empty) payment block.
  return (
    out ||
    `<sac:BillingPayment>${currencyAmount('cbc:PaidAmount', line.moneda, '0.00', 'summary')}<cbc:InstructionID>01</cbc:InstructionID></sac:BillingPayment>`
  );
}

/** One cac:TaxTotal per tax (SUNAT compares the TaxTotal amount with its first subtotal's: 2344). */
function taxTotal(moneda: Moneda, amount: string, field: string, scheme: string, percent: string | null): string {
  const tax = currencyAmount('cbc:TaxAmount', moneda, amount, field);
  return (
    `<cac:TaxTotal>${tax}<cac:TaxSubtotal>${tax}<cac:TaxCategory>` +
    (percent === null ? '' : `<cbc:Percent>${money(percent, 'porcentaje_igv')}</cbc:Percent>`) +
    `<cac:TaxScheme>${scheme}</cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>`
  );
}

const TAX_SCHEMES = {
  igv: '<cbc:ID>1000</cbc:ID><cbc:Name>IGV</cbc:Name><cbc:TaxTypeCode>VAT</cbc:TaxTypeCode>',
  isc: '<cbc:ID>2000</cbc:ID><cbc:Name>ISC</cbc:Name><cbc:TaxTypeCode>EXC</cbc:TaxTypeCode>',
  icbper: '<cbc:ID>7152</cbc:ID><cbc:Name>ICBPER</cbc:Name><cbc:TaxTypeCode>OTH</cbc:TaxTypeCode>',
  ivap: '<cbc:ID>1016</cbc:ID><cbc:Name>IVAP</cbc:Name><cbc:TaxTypeCode>VAT</cbc:TaxTypeCode>',
} as const;

/** IGV always (SUNAT 2278 wants 1000 or 1016 on every line); ISC, ICBPER and IVAP when above 0. */
function taxTotals(line: SummaryLine): string {
  let out = taxTotal(line.moneda, line.igv, 'igv', TAX_SCHEMES.igv, line.porcentaje_igv);
  if (line.isc && !isZero(line.isc)) out += taxTotal(line.moneda, line.isc, 'isc', TAX_SCHEMES.isc, null);
  if (line.ivap && !isZero(line.ivap)) out += taxTotal(line.moneda, line.ivap, 'ivap', TAX_SCHEMES.ivap, null);
  if (line.icbper && !isZero(line.icbper)) out += taxTotal(line.moneda, line.icbper, 'icbper', TAX_SCHEMES.icbper, null);
  return out;
}

/** sac:SUNATPerceptionSummaryDocumentReference: SUNAT takes it on boletas, never on a modification (2986), in PEN (2685, 2690). */
function perception(line: SummaryLine): string {
  const p = line.percepcion;
  if (!p) return '';
  if (line.tipo_doc !== '03' || line.estado === LINEA_MODIFICACION) throw new Error('La percepción solo se informa en altas de boletas.');
  return (
    `<sac:SUNATPerceptionSummaryDocumentReference>${el('sac:SUNATPerceptionSystemCode', p.regimen)}` +
    el('sac:SUNATPerceptionPercent', p.porcentaje) +
    currencyAmount('cbc:TotalInvoiceAmount', 'PEN', p.monto, 'percepcion.monto') +
    currencyAmount('sac:SUNATTotalCashed', 'PEN', p.total_cobrado, 'percepcion.total_cobrado') +
    currencyAmount('cbc:TaxableAmount', 'PEN', p.base, 'percepcion.base') +
    '</sac:SUNATPerceptionSummaryDocumentReference>'
  );
}

function summaryLine(line: SummaryLine, index: number): string {
  if (!STATUSES.includes(line.estado)) throw new Error(`Estado de línea inválido: ${line.estado}`);
  const reference = line.documento_afectado
    ? `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', line.documento_afectado.numero)}` +
      `${el('cbc:DocumentTypeCode', line.documento_afectado.tipo)}</cac:InvoiceDocumentReference></cac:BillingReference>`
    : '';
  return (
    `<sac:SummaryDocumentsLine><cbc:LineID>${index}</cbc:LineID>${el('cbc:DocumentTypeCode', line.tipo_doc)}` +
    `${el('cbc:ID', line.numero)}<cac:AccountingCustomerParty>${el('cbc:CustomerAssignedAccountID', line.cliente.numero)}` +
    `${el('cbc:AdditionalAccountID', line.cliente.tipo_doc)}</cac:AccountingCustomerParty>${reference}${perception(line)}` +
    `<cac:Status>${el('cbc:ConditionCode', line.estado)}</cac:Status>` +
    currencyAmount('sac:TotalAmount', line.moneda, line.total, 'total') +
    billingPayments(line) +
    taxTotals(line) +
    `</sac:SummaryDocumentsLine>`
  );
}

/** Resumen diario (RC): UBL 2.0 SummaryDocuments, CustomizationID 1.1 (one line per document), canonical form. */
export function buildSummaryXml(summary: Summary): string {
  if (summary.lines.length === 0) throw new Error('No hay documentos para el resumen.');
  let lines = '';
  for (let i = 0; i < summary.lines.length; i++) lines += summaryLine(summary.lines[i], i + 1);
  return (
    XML_DECLARATION +
    openRoot('SummaryDocuments', true) +
    UBL_EXTENSIONS +
    '<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.1</cbc:CustomizationID>' +
    el('cbc:ID', summaryId(summary.fecha_generacion, summary.correlativo)) +
    el('cbc:ReferenceDate', summary.fecha_referencia) +
    el('cbc:IssueDate', summary.fecha_generacion) +
    signatureBlock(summary.company) +
    batchSupplierParty(summary.company) +
    lines +
    '</SummaryDocuments>'
  );
}
