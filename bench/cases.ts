import { documentFileName } from '@/sunat/documents/file-names';
import { buildDespatchXml } from '@/sunat/xml/despatch-xml';
import { buildInvoiceXml } from '@/sunat/xml/invoice-xml';
import { buildNoteXml } from '@/sunat/xml/note-xml';
import { creditNote, despatchPrivate, factura } from '@/sunat/xml/testing/fixtures';

export interface BenchCase {
  label: string;
  /** Zip/XML base name without extension, as SUNAT names the file. */
  name: string;
  build: () => string;
}

const baseName = (ruc: string, tipo: string, serie: string, correlativo: number) => documentFileName(ruc, tipo, serie, correlativo).replace(/\.xml$/, '');

/** The documents of the target: a 3-line invoice, a credit note and a GRE. */
export function benchCases(): BenchCase[] {
  const invoice = factura();
  const note = creditNote();
  const guide = despatchPrivate();
  return [
    {
      label: `Invoice 01 (${invoice.lines.length} lines)`,
      name: baseName(invoice.company.ruc, invoice.tipo, invoice.serie, invoice.correlativo),
      build: () => buildInvoiceXml(invoice),
    },
    {
      label: `Credit note 07 (${note.lines.length} lines)`,
      name: baseName(note.company.ruc, note.tipo, note.serie, note.correlativo),
      build: () => buildNoteXml(note),
    },
    {
      label: `GRE 09 (${guide.lines.length} lines)`,
      name: baseName(guide.company.ruc, '09', guide.serie, guide.correlativo),
      build: () => buildDespatchXml(guide),
    },
  ];
}
