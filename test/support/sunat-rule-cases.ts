import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { documentFileName, summaryFileName, voidedFileName } from '../../src/sunat/documents/file-names';
import { createSelfSignedCert, KeyAndCert } from '../../src/sunat/simulator/crypto/self-signed';
import { signXml } from '../../src/sunat/simulator/crypto/xml-signature';
import type { SunatRulesTipo } from '../../src/sunat/validation';
import { buildDespatchXml } from '../../src/sunat/xml/despatch-xml';
import { buildInvoiceXml } from '../../src/sunat/xml/invoice-xml';
import { buildSummaryXml } from '../../src/sunat/xml/summary-xml';
import { buildVoidedXml } from '../../src/sunat/xml/voided-xml';
import { buildNoteXml } from '../../src/sunat/xml/note-xml';
import { creditNote, debitNote, despatchPrivate, factura, boleta, summary, voided } from '../../src/sunat/xml/testing/fixtures';

/** A document SUNAT judges, as the issue lists them: the code SUNAT answers and how it travels. */
export interface RuleCase {
  label: string;
  tipo: SunatRulesTipo;
  /** Base name as sent ('20000000001-01-F001-123'). */
  name: string;
  /** Signed XML. */
  xml: string;
  code: string;
  /** fault: SOAP fault (0100-1999); rejected: a rejection CDR (2000-3999). */
  answer: 'fault' | 'rejected';
}

const base = (file: string) => file.replace(/\.xml$/, '');
const sign = (key: KeyAndCert, xml: string) => signXml(xml, key, { signatureId: 'SignIMM' });

function replaceOnce(xml: string, from: string | RegExp, to: string): string {
  const out = xml.replace(from, to);
  if (out === xml) throw new Error(`caso sin efecto: ${String(from)}`);
  return out;
}

/** Greenter's sample guide (2018), its empty ds:Signature dropped so that it can be signed for real. */
export function greenterGuide(): string {
  const file = path.join(__dirname, '../../vendor/sunat/samples/despatch/20000000001-09-T001-123.v1-2018.xml');
  return replaceOnce(readFileSync(file, 'utf8'), /<ds:Signature>[\s\S]*?<\/ds:Signature>/, '');
}

/** Every case of issue 16, built from the project's own fixtures with one thing wrong. */
export function ruleCases(key: KeyAndCert = createSelfSignedCert('EMPRESA DE PRUEBAS SAC')): RuleCase[] {
  const f = factura();
  const s = summary();
  const v = voided();
  const cases: Array<Omit<RuleCase, 'xml'> & { unsigned: string }> = [
    {
      label: 'invoice total not adding up',
      tipo: '01',
      name: base(documentFileName(f.company.ruc, '01', f.serie, 129)),
      unsigned: replaceOnce(buildInvoiceXml({ ...f, correlativo: 129 }), /(<cbc:PayableAmount currencyID="PEN">)[^<]*(<)/, '$1999.00$2'),
      code: '3280',
      answer: 'rejected',
    },
    {
      label: 'factura to a DNI client',
      tipo: '01',
      name: base(documentFileName(f.company.ruc, '01', f.serie, 124)),
      unsigned: buildInvoiceXml({ ...f, correlativo: 124, customer: { tipo_doc: '1', numero: '12345678', nombre: 'JUAN PÉREZ' } }),
      code: '2800',
      answer: 'rejected',
    },
    {
      label: 'factura on series B001',
      tipo: '01',
      name: base(documentFileName(f.company.ruc, '01', 'B001', 125)),
      unsigned: buildInvoiceXml({ ...f, serie: 'B001', correlativo: 125 }),
      code: '1001',
      answer: 'fault',
    },
    {
      label: 'unit code XYZ',
      tipo: '01',
      name: base(documentFileName(f.company.ruc, '01', f.serie, 126)),
      unsigned: buildInvoiceXml({ ...f, correlativo: 126, lines: f.lines.map((l, i) => (i === 0 ? { ...l, unidad: 'XYZ' } : l)) }),
      code: '2936',
      answer: 'rejected',
    },
    {
      label: 'type code contradicting the file name',
      tipo: '01',
      name: base(documentFileName(f.company.ruc, '01', f.serie, 127)),
      unsigned: replaceOnce(buildInvoiceXml({ ...f, correlativo: 127 }), /(<cbc:InvoiceTypeCode[^>]*>)01(<)/, '$103$2'),
      code: '1003',
      answer: 'fault',
    },
    {
      label: 'lines without TaxTotal',
      tipo: '01',
      name: base(documentFileName(f.company.ruc, '01', f.serie, 128)),
      unsigned: buildInvoiceXml({ ...f, correlativo: 128 }).replace(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g, (line) =>
        line.replace(/<cac:TaxTotal>[\s\S]*?<\/cac:TaxTotal>/g, ''),
      ),
      code: '3195',
      answer: 'rejected',
    },
    {
      label: 'RC carrying a factura',
      tipo: 'RC',
      name: base(summaryFileName(s.company.ruc, s.fecha_generacion, 91)),
      unsigned: buildSummaryXml({
        ...s,
        correlativo: 91,
        lines: s.lines.map((l, i) => (i === 0 ? ({ ...l, tipo_doc: '01', numero: 'F001-45' } as unknown as typeof l) : l)),
      }),
      code: '2241',
      answer: 'rejected',
    },
    {
      label: 'RA voiding a boleta',
      tipo: 'RA',
      name: base(voidedFileName(v.company.ruc, v.fecha_generacion, 92)),
      unsigned: buildVoidedXml({ ...v, correlativo: 92, lines: [{ tipo_doc: '03' as never, serie: 'B001', correlativo: 45, motivo: 'ERROR' }] }),
      code: '2308',
      answer: 'rejected',
    },
  ];
  return cases.map(({ unsigned, ...c }) => ({ ...c, xml: sign(key, unsigned) }));
}

/** The project's own documents of every type, signed: SUNAT's rules find no error in them. */
export function ownDocuments(key: KeyAndCert): Array<{ tipo: SunatRulesTipo; name: string; xml: string }> {
  const f = factura();
  const b = boleta();
  const nc = creditNote();
  const nd = debitNote();
  const g = despatchPrivate();
  const s = summary();
  const v = voided();
  const docs: Array<{ tipo: SunatRulesTipo; file: string; xml: string }> = [
    { tipo: '01', file: documentFileName(f.company.ruc, '01', f.serie, f.correlativo), xml: buildInvoiceXml(f) },
    { tipo: '03', file: documentFileName(b.company.ruc, '03', b.serie, b.correlativo), xml: buildInvoiceXml(b) },
    { tipo: '07', file: documentFileName(nc.company.ruc, '07', nc.serie, nc.correlativo), xml: buildNoteXml(nc) },
    { tipo: '08', file: documentFileName(nd.company.ruc, '08', nd.serie, nd.correlativo), xml: buildNoteXml(nd) },
    { tipo: '09', file: documentFileName(g.company.ruc, '09', g.serie, g.correlativo), xml: buildDespatchXml(g) },
    { tipo: 'RC', file: summaryFileName(s.company.ruc, s.fecha_generacion, s.correlativo), xml: buildSummaryXml(s) },
    { tipo: 'RA', file: voidedFileName(v.company.ruc, v.fecha_generacion, v.correlativo), xml: buildVoidedXml(v) },
  ];
  return docs.map((d) => ({ tipo: d.tipo, name: base(d.file), xml: sign(key, d.xml) }));
}

export { sign as signForTest };
