import { summaryId } from '@/sunat/documents/file-names';
import type { Summary, SummaryLine } from '@/sunat/documents/summary';
import { XML_DECLARATION, el, money } from './canonical';
import { openRoot } from './namespaces';
import { currencyAmount } from './tax';
import { UBL_EXTENSIONS, batchSupplierParty, signatureBlock } from './ubl-parts';

const STATUSES: readonly string[] = ['1', '2', '3'];

function isZero(value: string): boolean {
  return /^-?0+\.00$/.test(money(value));
}

/** sac:BillingPayment per affectation: 01 gravadas, 02 exoneradas, 03 inafectas (only those with an amount). */
function billingPayments(line: SummaryLine): string {
  const payments: [string, string][] = [
    ['01', line.gravadas],
    ['02', line.exoneradas],
    ['03', line.inafectas],
  ];
  let out = '';
  for (const [instruction, value] of payments) {
    if (isZero(value)) continue;
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

function summaryLine(line: SummaryLine, index: number): string {
  if (!STATUSES.includes(line.estado)) throw new Error(`Estado de línea inválido: ${line.estado}`);
  const reference = line.documento_afectado
    ? `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', line.documento_afectado.numero)}` +
      `${el('cbc:DocumentTypeCode', line.documento_afectado.tipo)}</cac:InvoiceDocumentReference></cac:BillingReference>`
    : '';
  const igv = currencyAmount('cbc:TaxAmount', line.moneda, line.igv, 'igv');
  return (
    `<sac:SummaryDocumentsLine><cbc:LineID>${index}</cbc:LineID>${el('cbc:DocumentTypeCode', line.tipo_doc)}` +
    `${el('cbc:ID', line.numero)}<cac:AccountingCustomerParty>${el('cbc:CustomerAssignedAccountID', line.cliente.numero)}` +
    `${el('cbc:AdditionalAccountID', line.cliente.tipo_doc)}</cac:AccountingCustomerParty>${reference}` +
    `<cac:Status>${el('cbc:ConditionCode', line.estado)}</cac:Status>` +
    currencyAmount('sac:TotalAmount', line.moneda, line.total, 'total') +
    billingPayments(line) +
    `<cac:TaxTotal>${igv}<cac:TaxSubtotal>${igv}<cac:TaxCategory>` +
    `<cbc:Percent>${money(line.porcentaje_igv, 'porcentaje_igv')}</cbc:Percent><cac:TaxScheme><cbc:ID>1000</cbc:ID>` +
    `<cbc:Name>IGV</cbc:Name><cbc:TaxTypeCode>VAT</cbc:TaxTypeCode></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>` +
    `</cac:TaxTotal></sac:SummaryDocumentsLine>`
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
