import { unzip, xmlEntries, zipDocument, ZipError } from './zip';
import { zipSync, strToU8 } from 'fflate';

describe('zipDocument', () => {
  it('holds exactly one entry named {name}.xml with the same bytes', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><Invoice>ñandú</Invoice>';
    const zip = zipDocument('20000000001-01-F001-1', xml);
    const entries = unzip(zip);
    expect([...entries.keys()]).toEqual(['20000000001-01-F001-1.xml']);
    expect(entries.get('20000000001-01-F001-1.xml')!.toString('utf8')).toBe(xml);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('accepts a Buffer body unchanged', () => {
    const body = Buffer.from('<a>\u00e9</a>', 'latin1');
    const zip = zipDocument('20000000001-RA-20240101-001', body);
    expect(unzip(zip).get('20000000001-RA-20240101-001.xml')).toEqual(body);
  });

  it.each(['x.xml', 'x.zip', '', 'a/b'])('refuses the name %p', (name) => {
    expect(() => zipDocument(name, '<a/>')).toThrow(ZipError);
  });
});

describe('unzip', () => {
  it('reads a CDR zip with a dummy/ directory entry', () => {
    const zip = Buffer.from(zipSync({ 'dummy/': new Uint8Array(0), 'R-1.xml': strToU8('<r/>') }));
    const entries = unzip(zip);
    expect(entries.has('dummy/')).toBe(true);
    expect(xmlEntries(zip).map(([p]) => p)).toEqual(['R-1.xml']);
  });

  it('throws ZipError on corrupt input', () => {
    expect(() => unzip(Buffer.from('not a zip at all'))).toThrow(ZipError);
  });

  it('refuses a zip that inflates past the limit', () => {
    const big = new Uint8Array(21 * 1024 * 1024);
    const zip = Buffer.from(zipSync({ 'big.xml': big }, { level: 1 }));
    expect(() => unzip(zip)).toThrow(/tamaño/);
  });
});
