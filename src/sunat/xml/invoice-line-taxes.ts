import { DOMParser } from '@xmldom/xmldom';
import type { DocumentLine } from '@/sunat/documents/common';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

export interface InvoiceLineTaxes {
  isc?: NonNullable<DocumentLine['isc']>;
  icbper?: NonNullable<DocumentLine['icbper']>;
}

type El = { getElementsByTagNameNS(ns: string, name: string): ArrayLike<El>; textContent: string | null; parentNode: unknown };

const first = (el: El, ns: string, name: string): El | undefined => el.getElementsByTagNameNS(ns, name)[0];
const text = (el: El | undefined): string => (el?.textContent ?? '').trim();

/**
 * The ISC (2000) and ICBPER (7152) subtotals of each cac:InvoiceLine of a signed invoice this service wrote,
 * in line order: what a note needs to copy those taxes (the sale's rows keep only the line totals).
 */
export function invoiceLineTaxes(xml: string): InvoiceLineTaxes[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml') as unknown as El;
  const lines = doc.getElementsByTagNameNS(CAC, 'InvoiceLine');
  const out: InvoiceLineTaxes[] = [];
  for (let i = 0; i < lines.length; i++) {
    const taxes: InvoiceLineTaxes = {};
    const subtotals = lines[i].getElementsByTagNameNS(CAC, 'TaxSubtotal');
    for (let j = 0; j < subtotals.length; j++) {
      const s = subtotals[j];
      const scheme = first(s, CAC, 'TaxScheme');
      const id = scheme ? text(first(scheme, CBC, 'ID')) : '';
      if (id === '2000') {
        taxes.isc = {
          sistema: text(first(s, CBC, 'TierRange')),
          base: text(first(s, CBC, 'TaxableAmount')),
          monto: text(first(s, CBC, 'TaxAmount')),
          porcentaje: text(first(s, CBC, 'Percent')),
        };
      } else if (id === '7152') {
        taxes.icbper = { monto: text(first(s, CBC, 'TaxAmount')), tasa: text(first(s, CBC, 'PerUnitAmount')) };
      }
    }
    out.push(taxes);
  }
  return out;
}
