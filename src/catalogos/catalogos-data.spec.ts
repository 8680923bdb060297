import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validate } from 'class-validator';
import { MOTIVOS_TRASLADO } from '../guias-remision/motivos-traslado';
import { descripcion, entrada, entradas, esCodigo, esNumeroCatalogo, NUMEROS_CATALOGO, NumeroCatalogo } from './catalogos-data';
import { IsCodigoCatalogo, IsUnidadMedida } from './validators/is-codigo-catalogo';

const ROOT = resolve(__dirname, '../..');
const DATA = resolve(__dirname, 'data');
const codigos = (n: NumeroCatalogo) => entradas(n).map((e) => e.codigo);
const range = (from: number, to: number, width = 2) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(width, '0'));

/** The files scripts/generate-catalogos.ts wrote, as committed. */
describe('generated SUNAT catalogues (src/catalogos/data)', () => {
  const files = readdirSync(DATA).filter((f) => f.endsWith('.json'));

  it('one file per catalogue the service serves, each naming its source and that source’s current SHA-256', () => {
    expect(files.map((f) => f.replace(/^catalogo-|\.json$/g, '')).sort()).toEqual([...NUMEROS_CATALOGO].sort());
    for (const file of files) {
      const json = JSON.parse(readFileSync(resolve(DATA, file), 'utf8'));
      expect(json.source).toBe(`vendor/sunat/xsl/commons/cpe/catalogo/cat_${json.catalogo}.xml`);
      expect(
        createHash('sha256')
          .update(readFileSync(resolve(ROOT, json.source)))
          .digest('hex'),
      ).toBe(json.sha256);
      expect(Array.isArray(json.notas)).toBe(true);
      expect(json.titulo).toEqual(expect.any(String));
    }
  });

  it.each(NUMEROS_CATALOGO)('catálogo %s: unique codes of capitals and digits, each with a description', (n) => {
    const list = entradas(n);
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((e) => e.codigo)).size).toBe(list.length);
    for (const e of list) {
      expect(e.codigo).toMatch(/^[0-9A-Z]+$/);
      expect(e.descripcion.length).toBeGreaterThan(0);
      expect(e.descripcion).toBe(e.descripcion.trim());
    }
  });

  it('02 currencies: ISO 4217 codes once each (the source repeats them per country)', () => {
    expect(codigos('02')).toHaveLength(178);
    expect(descripcion('02', 'PEN')).toBe('Sol');
    expect(descripcion('02', 'USD')).toBe('US Dollar');
    expect(descripcion('02', 'EUR')).toBe('Euro');
  });

  it("03 units: UN/ECE codes, without the source's 'Code'/'Name' header row", () => {
    expect(codigos('03')).toHaveLength(2116);
    expect(descripcion('03', 'NIU')).toBe('number of international units');
    expect(descripcion('03', 'ZZ')).toBe('mutually defined');
    expect(descripcion('03', 'KGM')).toBe('kilogram');
    for (const u of ['BX', 'DZN', 'GLL', 'MTR', 'LTR', 'TNE', 'MTK', 'HUR', '4A']) expect(esCodigo('03', u)).toBe(true);
    for (const u of ['XYZ', 'Code', 'kgm', 'KGX', '', undefined, 3]) expect(esCodigo('03', u)).toBe(false);
    expect(descripcion('03', 'N20')).toBe('kip per square inch');
  });

  it('06 identity documents: 0, 1, 4, 6, 7 and A-G', () => {
    expect(codigos('06')).toEqual(['0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(descripcion('06', '7')).toBe('PASAPORTE');
  });

  it('07 IGV affectations: 10-17, 20, 21, 30-37, 40 with their flags', () => {
    expect(codigos('07')).toEqual([...range(10, 17), '20', '21', ...range(30, 37), '40']);
    expect(entrada('07', '10')).toEqual({ codigo: '10', descripcion: 'Gravado - Operación Onerosa', igv: '1' });
    expect(entrada('07', '17')).toMatchObject({ iva: '1', gra: '1' });
    expect(entrada('07', '40')).toMatchObject({ exp: '1', gra: '1' });
  });

  it('08, 09, 10, 12, 16: ISC systems, note reasons, related documents, price types', () => {
    expect(codigos('08')).toEqual(['01', '02', '03']);
    expect(codigos('09')).toEqual(range(1, 13));
    expect(codigos('10')).toEqual(['01', '02', '03', '11', '12']);
    expect(codigos('12')).toEqual([...range(1, 10), '99']);
    expect(codigos('16')).toEqual(['01', '02']);
  });

  it("20 transfer reasons: SUNAT's list plus 19 marked with its source, worded as the guide form says", () => {
    expect(codigos('20')).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '13', '14', '17', '18', '19']);
    expect(entrada('20', '19')?.fuente).toMatch(/SUNAT/);
    for (const m of MOTIVOS_TRASLADO) expect(descripcion('20', m.codigo)).toBe(m.descripcion);
  });

  it('51 operation types: the codes sales use, with the factura/boleta flags', () => {
    for (const c of ['0101', '0112', '0113', ...range(200, 208, 4), '0401', ...range(1001, 1004, 4), '2001']) expect(esCodigo('51', c)).toBe(true);
    expect(codigos('51')).toHaveLength(30);
    expect(entrada('51', '0113')).toMatchObject({ factura: '0', boleta: '1' });
  });

  it('52 legends, 53 charges and discounts (item/global), 54 detracciones with their rate, 59 payment means, 61 guide documents', () => {
    for (const c of ['1000', '1002', '2000', '2006', '2007']) expect(esCodigo('52', c)).toBe(true);
    expect(codigos('53')).toEqual([...range(0, 6), '20', ...range(45, 53), '61', '62', '63']);
    expect(entrada('53', '00')).toMatchObject({ item: 'si', global: 'no' });
    expect(entrada('53', '02')).toMatchObject({ item: 'no', global: 'si' });
    expect(codigos('54')).toHaveLength(37);
    expect(entrada('54', '037')).toMatchObject({ tasa: '10', descripcion: 'Demás servicios gravados con el IGV' });
    expect(entrada('54', '035')?.tasa).toBe('1.5');
    expect(codigos('59')).toEqual([...range(1, 13, 3), ...range(101, 108, 3), '999']);
    expect(codigos('61')).toHaveLength(26);
    expect(entrada('61', '31')).toMatchObject({ descripcion: 'Guía de Remisión Transportista', 'gre-r': '0', 'gre-t': '1' });
  });

  it('search: exact code, exact text, then prefixes, then the rest; accent- and case-insensitive', () => {
    expect(entradas('03', 'kgm')[0].codigo).toBe('KGM');
    expect(entradas('03', 'kilogram')[0].codigo).toBe('KGM');
    expect(entradas('07', 'exportacion').map((e) => e.codigo)).toEqual(['40']);
    expect(entradas('07', 'EXPORTACIÓN').map((e) => e.codigo)).toEqual(['40']);
    expect(entradas('07', 'inafecto retiro').map((e) => e.codigo)).toEqual(['31', '32', '33', '34', '35', '36']);
    expect(entradas('20', '1')[0].codigo).toBe('13');
    expect(entradas('06', 'zzzz')).toEqual([]);
    expect(entradas('06', '   ')).toHaveLength(12);
  });

  it('knows which catalogue numbers it holds', () => {
    expect(esNumeroCatalogo('03')).toBe(true);
    for (const n of ['01', '13', '99', '3']) expect(esNumeroCatalogo(n)).toBe(false);
  });
});

describe('@IsCodigoCatalogo / @IsUnidadMedida', () => {
  class Linea {
    @IsUnidadMedida() unidad: unknown;
    @IsCodigoCatalogo('06') tipo_doc: unknown;
  }
  const errores = async (unidad: unknown, tipo_doc: unknown) =>
    (await validate(Object.assign(new Linea(), { unidad, tipo_doc }))).map((e) => [e.property, Object.values(e.constraints ?? {})[0]]);

  it('accepts codes of the catalogue and explains a wrong one in Spanish', async () => {
    expect(await errores('NIU', '6')).toEqual([]);
    expect(await errores('XYZ', 'X')).toEqual([
      ['unidad', 'unidad debe ser una unidad de medida del catálogo 03 de SUNAT (NIU, ZZ, KGM, BX...)'],
      ['tipo_doc', 'tipo_doc debe ser un código del catálogo 06 de SUNAT (códigos de tipos de documentos de identidad)'],
    ]);
    expect(await errores(null, 6)).toHaveLength(2);
  });
});
