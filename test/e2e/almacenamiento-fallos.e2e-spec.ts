import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession, nextRuc } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(180_000);

const MENSAJE = 'No se pudo guardar el archivo: el almacenamiento de documentos está lleno o no está disponible. Intente nuevamente más tarde.';

const factura = () => ({
  tipo_documento: '01',
  serie: 'F001',
  cliente_documento: nextRuc(),
  cliente_datos: 'EMPRESA CLIENTE S.A.C.',
  productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
});

/** The F001 counter and the company's sales: what a refused create must leave as it found it. */
async function numeracion(t: TestApp, empresaId: number) {
  const [row] = await t.dataSource.query(
    `SELECT (SELECT correlativo FROM series WHERE id_empresa = $1 AND tipo_documento = '01' AND serie = 'F001') AS correlativo,
            (SELECT count(*) FROM ventas WHERE id_empresa = $1)::int AS ventas`,
    [empresaId],
  );
  return row as { correlativo: number; ventas: number };
}

/**
 * Failing storage: a write the storage cannot take answers 503 with a clear message (never 500), leaves no
 * temporary file, and the create's transaction rolls back, so the number is not taken and nothing reaches SUNAT.
 * The failures are real ones of the file system that hold as root too (chmod would not stop root).
 */
describe('Failing storage (STORAGE_DRIVER=local): 503, nothing numbered, nothing left behind', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresa: { id_empresa: number };
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'almacenamiento-fallos-'));
    t = await createTestAppWithSunat({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir });
    const admin = await login(t);
    empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create']);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const crear = () => request(t.http).post('/api/ventas').set(bearer(user.token)).send(factura());
  const todos = (): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' });
  const carpeta = () => join(dir, `empresa-${empresa.id_empresa}`);

  it('a write that fails once its temporary file is written (the XML path is taken by a folder): 503, no .tmp, the number free', async () => {
    // the names carry the issuing RUC (SUNAT's test RUC in beta): the next one is read off a first sale
    const primera = (await crear().expect(201)).body.data.nombre_xml as string;
    const antes = await numeracion(t, empresa.id_empresa);
    const siguiente = primera.replace(/-\d+\.xml$/, `-${antes.correlativo + 1}.xml`);
    mkdirSync(join(carpeta(), 'xml', siguiente, 'ocupado'), { recursive: true });
    const pedidos = t.sunat.state.requests.length;

    const res = await crear();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, message: MENSAJE });
    expect(todos().filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await numeracion(t, empresa.id_empresa)).toEqual(antes);
    expect(t.sunat.state.requests.length).toBe(pedidos);

    // once the storage takes writes again, the next sale gets that very number
    rmSync(join(carpeta(), 'xml', siguiente), { recursive: true });
    const creada = await crear();
    expect(creada.status).toBe(201);
    expect(creada.body.data.nombre_xml).toBe(siguiente);
    expect(readdirSync(join(carpeta(), 'xml')).sort()).toEqual([primera, siguiente].sort());
  });

  it('a storage folder under a regular file (mkdir fails): 503, no row, no file, nothing sent', async () => {
    rmSync(carpeta(), { recursive: true, force: true });
    writeFileSync(carpeta(), 'no soy una carpeta');
    const antes = await numeracion(t, empresa.id_empresa);
    const pedidos = t.sunat.state.requests.length;

    const res = await crear();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, message: MENSAJE });
    expect(await numeracion(t, empresa.id_empresa)).toEqual(antes);
    expect(todos()).toEqual([`empresa-${empresa.id_empresa}`]);
    expect(t.sunat.state.requests.length).toBe(pedidos);
    rmSync(carpeta());
  });
});

/** The database storage writes the XML in the create's transaction: PostgreSQL out of disk there is the same 503. */
describe('Failing storage (STORAGE_DRIVER=postgres): a full disk while writing the XML is a 503 and rolls the sale back', () => {
  let t: TestApp;
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestApp({ STORAGE_DRIVER: 'postgres' });
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
    // PostgreSQL's own disk_full (53100) for this company's files only, raised by the server itself
    await t.dataSource.query(`
      CREATE FUNCTION archivos_disco_lleno() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.clave LIKE 'empresa-${empresaId}/%' THEN
          RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
        END IF;
        RETURN NEW;
      END $$`);
    await t.dataSource.query(`CREATE TRIGGER archivos_disco_lleno BEFORE INSERT ON archivos FOR EACH ROW EXECUTE FUNCTION archivos_disco_lleno()`);
  });
  afterAll(async () => {
    await t.dataSource.query(`DROP TRIGGER IF EXISTS archivos_disco_lleno ON archivos`);
    await t.dataSource.query(`DROP FUNCTION IF EXISTS archivos_disco_lleno()`);
    await t.close();
  });

  it('answers 503 with the message; the counter, the sales and the files are as before', async () => {
    const antes = await numeracion(t, empresaId);
    const res = await request(t.http).post('/api/ventas').set(bearer(user.token)).send(factura());
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, message: MENSAJE });
    expect(await numeracion(t, empresaId)).toEqual(antes);
    expect(await t.dataSource.query(`SELECT clave FROM archivos WHERE clave LIKE $1`, [`empresa-${empresaId}/%`])).toEqual([]);
  });
});
