import { strToU8, zipSync } from 'fflate';
import { revisarDescomprimido, LimitesXlsx } from './xlsx-descomprimido';

const limites: LimitesXlsx = {
  descomprimido: 1024 * 1024,
  partes: { 'xl/sharedStrings.xml': { elemento: 'si', elementos: 1000, bytes: 64 * 1024 }, 'xl/styles.xml': { elementos: 50, bytes: 4096 } },
};
const sst = (cuerpo: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="urn:x">${cuerpo}</sst>`);
const zip = (partes: Record<string, Uint8Array>) => Buffer.from(zipSync(partes, { level: 9 }));

describe('revisarDescomprimido', () => {
  it('lets through parts within their limits, whatever else the zip holds', async () => {
    const partes = { 'xl/sharedStrings.xml': sst('<si><t>a</t></si>'.repeat(1000)), 'xl/otra.xml': sst('<si/>'.repeat(5000)) };
    expect(await revisarDescomprimido(zip(partes), limites)).toBeUndefined();
  });

  it('counts elements by local name, prefixed or not (only the named one, or all when none is named)', async () => {
    expect(await revisarDescomprimido(zip({ 'xl/sharedStrings.xml': sst('<x:si xmlns:x="urn:x"/>'.repeat(1001)) }), limites)).toEqual({
      limite: 'elementos',
      parte: 'xl/sharedStrings.xml',
    });
    expect(await revisarDescomprimido(zip({ 'xl/styles.xml': sst('<a/>'.repeat(50)) }), limites)).toEqual({ limite: 'elementos', parte: 'xl/styles.xml' });
  });

  it('refuses a part by its inflated bytes, and the whole zip by its total', async () => {
    expect(await revisarDescomprimido(zip({ 'xl/sharedStrings.xml': sst(`<si><t>${'a'.repeat(65 * 1024)}</t></si>`) }), limites)).toEqual({
      limite: 'bytes',
      parte: 'xl/sharedStrings.xml',
    });
    expect(await revisarDescomprimido(zip({ 'xl/worksheets/sheet1.xml': new Uint8Array(2 * 1024 * 1024) }), limites)).toEqual({ limite: 'descomprimido' });
  });

  it('adds up a part the zip holds twice (a reader would read both)', async () => {
    const una = zip({ 'xl/sharedStrings.xml': sst('<si/>'.repeat(600)) });
    expect(await revisarDescomprimido(una, limites)).toBeUndefined();
    // zipSync refuses repeated names: the first copy without its central directory (one entry of 46 + 20 bytes, then
    // the 22-byte end record) followed by the whole zip, which a streaming reader sees as two entries
    const dos = Buffer.concat([una.subarray(0, una.length - 46 - 20 - 22), una]);
    expect(await revisarDescomprimido(dos, limites)).toEqual({ limite: 'elementos', parte: 'xl/sharedStrings.xml' });
  });

  it('throws on a measured part that is not well-formed XML', async () => {
    await expect(revisarDescomprimido(zip({ 'xl/styles.xml': sst('<a>') }), limites)).rejects.toThrow();
  });
});
