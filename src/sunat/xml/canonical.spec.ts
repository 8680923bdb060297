import { attr, money, quantity, sumMoney, text } from './canonical';
import { buildDespatchXml } from './despatch-xml';
import { buildInvoiceXml } from './invoice-xml';
import { buildNoteXml } from './note-xml';
import { buildSummaryXml } from './summary-xml';
import { buildVoidedXml } from './voided-xml';
import { canonicalize, withoutDeclaration } from './testing/canonicalize';
import * as fixtures from './testing/fixtures';

describe('canonical escaping', () => {
  it('escapes text like C14N: & < > and CR only', () => {
    expect(text('a & b < c > d " \' \t\n\r')).toBe('a &amp; b &lt; c &gt; d " \' \t\n&#xD;');
    expect(text('plain ÁÉÍÓÚÑ €')).toBe('plain ÁÉÍÓÚÑ €');
  });

  it('escapes attribute values like C14N: & < " TAB LF CR', () => {
    expect(attr('a & b < c > d " \' \t\n\r')).toBe("a &amp; b &lt; c > d &quot; ' &#x9;&#xA;&#xD;");
  });

  it('drops characters XML 1.0 cannot carry', () => {
    expect(text('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(text('emoji 😀 stays')).toBe('emoji 😀 stays');
  });

  it('checks money and quantity formats and sums money in cents', () => {
    expect(money('0.10')).toBe('0.10');
    expect(() => money('0.1')).toThrow();
    expect(() => money('1e3')).toThrow();
    expect(quantity('0.5')).toBe('0.5');
    expect(() => quantity('-1')).toThrow();
    expect(sumMoney(['0.10', '0.20', '0.70'])).toBe('1.00');
    expect(sumMoney(['199.99', '-200.00'])).toBe('-0.01');
  });
});

/** Every place user data reaches, filled with characters C14N treats specially. */
const HOSTILE = 'A & B <C> "D" \'E\'\tF\nG\r\nH ]]> I\u0001';

describe('builder output is already inclusive C14N (xml-crypto C14nCanonicalization)', () => {
  const company = { ...fixtures.COMPANY, razon_social: HOSTILE, comercial: HOSTILE, direccion: HOSTILE, distrito: HOSTILE };
  const hostileLine = (line: ReturnType<typeof fixtures.factura>['lines'][number]) => ({
    ...line,
    descripcion: HOSTILE,
    codigo: HOSTILE,
    unidad: `N"I\tU&<`,
  });

  const documents: [string, string][] = [
    [
      'factura',
      buildInvoiceXml({
        ...fixtures.factura(),
        company,
        customer: { tipo_doc: '6', numero: HOSTILE, nombre: HOSTILE, direccion: HOSTILE },
        lines: fixtures.factura().lines.map(hostileLine),
      }),
    ],
    ['boleta', buildInvoiceXml({ ...fixtures.boleta(), company })],
    [
      'nota de crédito',
      buildNoteXml({ ...fixtures.creditNote(), company, motivo: { codigo: '01', descripcion: HOSTILE }, lines: fixtures.creditNote().lines.map(hostileLine) }),
    ],
    ['nota de débito', buildNoteXml({ ...fixtures.debitNote(), company, documento_afectado: { tipo: '01', numero: HOSTILE } })],
    [
      'guía privada',
      buildDespatchXml({
        ...fixtures.despatchPrivate(),
        company,
        observaciones: HOSTILE,
        und_peso_total: 'K"G\tM',
        lines: [{ cantidad: '1', unidad: '"\n', descripcion: HOSTILE, codigo: HOSTILE }],
      }),
    ],
    ['guía pública', buildDespatchXml({ ...fixtures.despatchPublic(), company, partida: { ubigeo: '150101', direccion: HOSTILE } })],
    ['resumen diario', buildSummaryXml({ ...fixtures.summary(), company })],
    ['comunicación de baja', buildVoidedXml({ ...fixtures.voided(), company, lines: [{ tipo_doc: '01', serie: 'F001', correlativo: 1, motivo: HOSTILE }] })],
  ];

  it.each(documents)('%s', (_name, xml) => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<')).toBe(true);
    expect(canonicalize(xml)).toBe(withoutDeclaration(xml));
    const body = withoutDeclaration(xml);
    expect(body).not.toMatch(/\/>/);
    expect(body).not.toMatch(/>\s+</);
    const rootTag = body.slice(0, body.indexOf('>') + 1);
    expect(body.match(/ xmlns(:\w+)?=/g)).toEqual(rootTag.match(/ xmlns(:\w+)?=/g));
  });
});
