import { randomBytes } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { insertarVentasConXml } from '../../src/reportes/testing/ventas-documentos';
import { DocumentStorage } from '../../src/sunat/storage/document-storage';
import { storageKeys } from '../../src/sunat/nest/storage-keys';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession, insertCliente } from '../support/factories';

function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

const fakeXml = (name: string, relleno = '') => `<?xml version="1.0" encoding="UTF-8"?><Invoice><ID>${name}</ID><Relleno>${relleno}</Relleno></Invoice>`;
const fakeCdr = (name: string) => Buffer.from(`PK-cdr-de-${name}`);

describe('GET /api/ventas/exportar-zip: the XML and CDR files of a period, streamed', () => {
  let t: TestApp;
  let admin: Session;
  let storage: DocumentStorage;
  const hoy = hoyLima();
  const inicioMes = `${hoy.slice(0, 8)}01`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    storage = t.app.get(DocumentStorage);
  });

  afterAll(() => t.close());

  /** Sales of one company on one date, with their XML (and, when asked, CDR) files in storage. */
  async function ventasConArchivos(empresa: { id_empresa: number; ruc: string }, serie: string, fecha: string, n: number, conCdr: (i: number) => boolean) {
    const clienteId = await insertCliente(t, empresa.id_empresa);
    const names = await insertarVentasConXml(t.dataSource, { empresaId: empresa.id_empresa, clienteId, ruc: empresa.ruc, serie, fecha, n });
    for (const [i, name] of names.entries()) {
      await storage.put(storageKeys.xml(empresa.id_empresa, name), fakeXml(name));
      if (conCdr(i)) await storage.put(storageKeys.cdr(empresa.id_empresa, name), fakeCdr(name));
    }
    return names;
  }

  it("holds exactly the period's XML and CDR files of the active company, never another company's", async () => {
    const a = await createEmpresa(t, admin);
    const b = await createEmpresa(t, admin);
    const userA = await createUserSession(t, admin, a.id_empresa, ['ventas.view', 'ventas.create', 'clientes.create']);
    const enPeriodo = await ventasConArchivos(a, 'F801', hoy, 4, (i) => i % 2 === 0);
    await ventasConArchivos(a, 'F802', '2020-01-31', 2, () => true); // before the period
    await ventasConArchivos(b, 'F801', hoy, 3, () => true); // another company, same day
    // A real sale issued through the API today: its signed XML is in the bundle, byte for byte.
    const real = await createFactura(t, userA);
    const realName = real.nombre_xml.replace(/\.xml$/, '');

    const res = await binary(request(t.http).get(`/api/ventas/exportar-zip?desde=${inicioMes}&hasta=${hoy}`).set(bearer(userA.token))).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="comprobantes-\\d{11}-${inicioMes}-${hoy}\\.zip"$`));
    expect(res.headers['cache-control']).toBe('private, no-store');

    const files = unzipSync(new Uint8Array(res.body as Buffer));
    const expected = [...enPeriodo.map((n) => `xml/${n}.xml`), `cdr/R-${enPeriodo[0]}.zip`, `cdr/R-${enPeriodo[2]}.zip`, `xml/${realName}.xml`];
    expect(Object.keys(files).sort()).toEqual(expected.sort());
    expect(strFromU8(files[`xml/${enPeriodo[1]}.xml`])).toBe(fakeXml(enPeriodo[1]));
    expect(Buffer.from(files[`cdr/R-${enPeriodo[0]}.zip`]).equals(fakeCdr(enPeriodo[0]))).toBe(true);
    const direct = await binary(request(t.http).get(`/api/ventas/${real.id_venta}/xml`).set(bearer(userA.token))).expect(200);
    expect(Buffer.from(files[`xml/${realName}.xml`]).equals(direct.body as Buffer)).toBe(true);

    // Company B's user gets only B's three sales of the same day.
    const userB = await createUserSession(t, admin, b.id_empresa, ['ventas.view']);
    const resB = await binary(request(t.http).get(`/api/ventas/exportar-zip?desde=${hoy}&hasta=${hoy}`).set(bearer(userB.token))).expect(200);
    const filesB = Object.keys(unzipSync(new Uint8Array(resB.body as Buffer)));
    expect(filesB).toHaveLength(6);
    expect(filesB.every((f) => f.includes(`${b.ruc}-01-F801-`))).toBe(true);
  });

  it('needs ventas.view and a valid period', async () => {
    const a = await createEmpresa(t, admin);
    const sinPermiso = await createUserSession(t, admin, a.id_empresa, ['clientes.view']);
    const conPermiso = await createUserSession(t, admin, a.id_empresa, ['ventas.view']);
    await request(t.http).get(`/api/ventas/exportar-zip?desde=${hoy}&hasta=${hoy}`).set(bearer(sinPermiso.token)).expect(403);
    await request(t.http).get(`/api/ventas/exportar-zip?desde=${hoy}&hasta=${hoy}`).expect(401);
    const sinDesde = await request(t.http).get(`/api/ventas/exportar-zip?hasta=${hoy}`).set(bearer(conPermiso.token)).expect(422);
    expect(sinDesde.body.errors).toHaveProperty('desde');
    const alReves = await request(t.http).get('/api/ventas/exportar-zip?desde=2025-02-01&hasta=2025-01-31').set(bearer(conPermiso.token)).expect(422);
    expect(alReves.body.errors).toEqual({ hasta: ['hasta debe ser igual o posterior a desde'] });
    // An empty period is an empty (valid) bundle.
    const vacio = await binary(request(t.http).get('/api/ventas/exportar-zip?desde=2001-01-01&hasta=2001-01-31').set(bearer(conPermiso.token))).expect(200);
    expect(Object.keys(unzipSync(new Uint8Array(vacio.body as Buffer)))).toEqual([]);
  });

  it('streams 5,000 sales (about 265 MB of XML, a 200 MB bundle) with flat memory', async () => {
    const c = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, c.id_empresa, ['ventas.view']);
    const clienteId = await insertCliente(t, c.id_empresa);
    const N = 5000;
    const names = await insertarVentasConXml(t.dataSource, { empresaId: c.id_empresa, clienteId, ruc: c.ruc, serie: 'F900', fecha: hoy, n: N });
    // 53 KB per file of base64 noise: deflate only takes it to ~75 %, so a bundle held in memory would weigh ~200 MB.
    const relleno = randomBytes(40_000).toString('base64');
    for (let i = 0; i < names.length; i += 50)
      await Promise.all(names.slice(i, i + 50).map((name) => storage.put(storageKeys.xml(c.id_empresa, name), fakeXml(name, relleno))));

    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    let bytes = 0;
    let tail = Buffer.alloc(0);
    await request(t.http)
      .get(`/api/ventas/exportar-zip?desde=${hoy}&hasta=${hoy}`)
      .set(bearer(user.token))
      .maxResponseSize(1024 ** 3) // superagent counts what the sink drops too
      .buffer(true)
      .parse((res, cb) => {
        // A counting sink: keeps only the last bytes (the ZIP's end-of-central-directory record).
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          tail = Buffer.concat([tail, chunk]).subarray(-22);
          peak = Math.max(peak, process.memoryUsage.rss());
        });
        res.on('end', () => cb(null, null));
      })
      .expect(200);

    expect(bytes).toBeGreaterThan(N * 38_000);
    expect(tail.readUInt32LE(0)).toBe(0x06054b50); // end of central directory
    expect(tail.readUInt16LE(10)).toBe(N); // entries: one XML per sale, no CDRs were stored
    expect(peak - baseline).toBeLessThan(150 * 1024 * 1024);
  }, 600_000); // 265 MB written to storage and read back: minutes on a loaded machine
});
