import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import forge from 'node-forge';
import sharp from 'sharp';
import request from 'supertest';
import { crc32, deflateSync } from 'node:zlib';
import { DocumentStorage } from '../../src/sunat/storage/document-storage';
import { generateTestCertificate } from '../../src/sunat/signing/certificates/generate-test-certificate';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

/** An .xlsx whose first sheet is replaced by `sheetXml` (built here: no binary fixture in the repository). */
async function xlsxWithSheet(sheetXml: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Productos').addRows([['codigo', 'nombre', 'precio']]);
  const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  parts['xl/worksheets/sheet1.xml'] = strToU8(sheetXml);
  return Buffer.from(zipSync(parts, { level: 9 }));
}

/** A valid import (header and one product) whose `part` gets `extra` inserted before its closing tag `cierre`. */
async function xlsxWithPadding(part: string, cierre: string, extra: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Productos').addRows([
    ['codigo', 'nombre', 'precio'],
    ['P-1', 'PRODUCTO', 1],
  ]);
  const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  const xml = Buffer.from(parts[part]).toString('utf8');
  expect(xml).toContain(cierre);
  parts[part] = strToU8(xml.replace(cierre, extra + cierre));
  return Buffer.from(zipSync(parts, { level: 9 }));
}

const SHEET = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A PNG whose header declares width x height, with one row of real data (a few hundred bytes in all). */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The INTEGER 32768 (02 03 00 80 00) of every salt+count pair raised in place to 8,388,607. */
function raiseKdfCounts(der: Buffer): Buffer {
  const from = Buffer.from([0x02, 0x03, 0x00, 0x80, 0x00]);
  const out = Buffer.from(der);
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + 1)) out.set([0x7f, 0xff, 0xff], at + 2);
  return out;
}

/**
 * Hostile files (issue 14): each is refused with a 422 naming the field, and the service keeps
 * answering others meanwhile (health under 1 s while the hostile request runs).
 */
describe('Security: uploaded files cannot freeze the service', () => {
  let t: TestApp;
  let admin: Session;
  let user: Session;
  let empresa: { id_empresa: number; ruc: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['productos.view', 'productos.create']);
  });
  afterAll(() => t.close());

  /** Runs the hostile request and, while it is in flight, a health check; returns both. */
  async function whileHealthy(hostile: () => request.Test) {
    const pending = hostile().then((r) => r);
    const started = performance.now();
    const health = await request(t.http).get('/api/health');
    const healthMs = performance.now() - started;
    return { res: await pending, health, healthMs };
  }

  it('Excel import: a sheet of 20,000 rows stops at the row limit (422), without reading the rest', async () => {
    const rows = ['<row r="1">' + cell('A1', 'codigo') + cell('B1', 'nombre') + cell('C1', 'precio') + '</row>'];
    for (let i = 2; i <= 20_000; i++) rows.push(`<row r="${i}">${cell(`A${i}`, `P${i}`)}${cell(`B${i}`, 'X')}<c r="C${i}"><v>1</v></c></row>`);
    const file = await xlsxWithSheet(SHEET(rows.join('')));
    const { res, health, healthMs } = await whileHealthy(() =>
      request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).attach('archivo', file, 'filas.xlsx'),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ archivo: ['El archivo supera 5000 filas.'] });
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
  });

  it('Excel import: a zip bomb (80 MB of sheet in a few hundred KB) is refused by its inflated size (422)', async () => {
    const header = '<row r="1">' + cell('A1', 'codigo') + cell('B1', 'nombre') + cell('C1', 'precio') + '</row>';
    const file = await xlsxWithSheet(SHEET(header + `<row r="2">${cell('A2', ' '.repeat(80 * 1024 * 1024))}</row>`));
    expect(file.length).toBeLessThan(1024 * 1024);
    const { res, health, healthMs } = await whileHealthy(() =>
      request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).attach('archivo', file, 'bomba.xlsx'),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ archivo: ['El archivo descomprimido supera 50 MB.'] });
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
  });

  it('Excel import: millions of shared strings in a few dozen KB are refused by their count before exceljs reads them (422)', async () => {
    const file = await xlsxWithPadding('xl/sharedStrings.xml', '</sst>', '<si/>'.repeat(4_000_000));
    expect(file.length).toBeLessThan(128 * 1024);
    const { res, health, healthMs } = await whileHealthy(() =>
      request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).attach('archivo', file, 'textos.xlsx'),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ archivo: ['El archivo supera 100000 textos distintos.'] });
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);

    const largo = await xlsxWithPadding('xl/sharedStrings.xml', '</sst>', `<si><t>${'a'.repeat(17 * 1024 * 1024)}</t></si>`);
    const porBytes = await request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).attach('archivo', largo, 'largo.xlsx');
    expect(porBytes.status).toBe(422);
    expect(porBytes.body.errors).toEqual({ archivo: ['Los textos del archivo superan 16 MB.'] });
  });

  it('Excel import: styles are bounded the same way (elements and bytes, 422), and a malformed styles part is unreadable', async () => {
    const estilos = (extra: string, cierre = '</cellXfs>') => xlsxWithPadding('xl/styles.xml', cierre, extra);
    const leer = async (file: Buffer) =>
      (await request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).attach('archivo', file, 'estilos.xlsx').expect(422)).body.errors;
    const muchos = await estilos('<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'.repeat(1_000_000));
    expect(muchos.length).toBeLessThan(256 * 1024);
    const { res, health, healthMs } = await whileHealthy(() =>
      request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).attach('archivo', muchos, 'estilos.xlsx'),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ archivo: ['Los estilos del archivo superan 20000 elementos.'] });
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
    expect(await leer(await estilos(`<!--${'x'.repeat(3 * 1024 * 1024)}-->`))).toEqual({ archivo: ['Los estilos del archivo superan 2 MB.'] });
    expect(await leer(await estilos('<xf>', '</cellXfs>'))).toEqual({ archivo: ['No se pudo leer el archivo Excel.'] });
  });

  it('certificate upload: a PFX asking 8,388,607 key-derivation iterations is refused before deriving (422)', async () => {
    const generated = await generateTestCertificate({ ruc: empresa.ruc });
    const asn1 = forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(generated.privateKeyPem),
      [forge.pki.certificateFromPem(generated.certificatePem)],
      'clave-pfx',
      { algorithm: '3des', count: 32768 },
    );
    const pfx = raiseKdfCounts(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
    const { res, health, healthMs } = await whileHealthy(() =>
      request(t.http)
        .post(`/api/empresas/${empresa.id_empresa}/certificado`)
        .set(bearer(admin.token))
        .field('password', 'clave-pfx')
        .attach('certificado', pfx, 'firma.pfx'),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.certificado[0]).toMatch(/^No se pudo leer el certificado: pide 8.388.607 iteraciones de derivación de clave \(máximo 200.000\)\.$/);
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
  });

  const uploadLogo = (logo: Buffer, filename: string) =>
    request(t.http).post(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).attach('logo', logo, { filename });

  it('logo: a PNG declaring 14000 x 14000 pixels is refused from its header, before decoding (422)', async () => {
    const png = declaredPng(14000, 14000);
    expect(png.length).toBeLessThan(64 * 1024);
    const { res, health, healthMs } = await whileHealthy(() => uploadLogo(png, 'enorme.png'));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ logo: ['El logo no debe superar 4096 x 4096 píxeles (tiene 14000 x 14000).'] });
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
    const [row] = await t.dataSource.query('SELECT logo FROM empresas WHERE id_empresa = $1', [empresa.id_empresa]);
    expect(row.logo).toBeNull();
  });

  it('logo: what is stored is a re-encoded PNG that fits in 800 x 800, whatever was uploaded', async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer();
    const res = await uploadLogo(jpeg, 'logo.jpg').expect(201);
    expect(res.body.data.logo).toBe(`empresa-${empresa.id_empresa}/logo/logo.png`);
    const stored = (await t.app.get(DocumentStorage).get(res.body.data.logo))!;
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 800, height: 400 });
    const broken = Buffer.concat([jpeg.subarray(0, 200)]);
    const bad = await uploadLogo(broken, 'roto.jpg').expect(422);
    expect(bad.body.errors).toEqual({ logo: ['El logo no es una imagen válida.'] });
  });
});
