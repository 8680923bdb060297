import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { dentroDe } from '../support/fechas';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createProducto, createUserSession, nextDni, nextRuc } from '../support/factories';
import { statementsOf, tableOf } from '../support/sql-trace';

jest.setTimeout(180_000);

type Body = Record<string, unknown>;

/**
 * Issue 21: POST /api/ventas takes its number last (the series row lock covers only the signature, the sale's own
 * inserts beside SUNAT's rules, and the commit), inserts the sale already signed, and answers from memory. The
 * answer must still be exactly what GET /api/ventas/{id} shows afterwards, for every kind of sale.
 */
describe('Ventas: the short create path', () => {
  let t: TestApp;
  let admin: Session;
  let user: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    const empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'productos.create', 'productos.view']);
  });
  afterAll(() => t.close());

  const crear = (body: Body) => request(t.http).post('/api/ventas').set(bearer(user.token)).send(body);
  const factura = (fields: Body = {}): Body => ({
    tipo_documento: '01',
    cliente_documento: nextRuc(),
    cliente_datos: 'EMPRESA CLIENTE S.A.C.',
    productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
    ...fields,
  });

  it('the answer of a create is what GET shows afterwards: free text, catalogue product with stock, credit, detracción, advance, observed line', async () => {
    const producto = await createProducto(t, user, { precio: 59, stock: 10 });
    const casos: Array<[string, Body]> = [
      ['factura, free-text line', factura()],
      [
        'boleta, catalogue product taking stock',
        {
          tipo_documento: '03',
          cliente_documento: nextDni(),
          cliente_datos: 'CLIENTE BOLETA',
          productos: [{ id_producto: producto.id_producto, cantidad: 2 }],
        },
      ],
      [
        'factura on credit in two instalments',
        factura({
          productos: [{ descripcion: 'OBRA', cantidad: 10, precio_unitario: 118 }],
          forma_pago: 'Credito',
          cuotas: [
            { monto: 590, fecha_vencimiento: dentroDe(30) },
            { monto: 590, fecha_vencimiento: dentroDe(60) },
          ],
        }),
      ],
      [
        'factura with detracción',
        factura({
          productos: [{ descripcion: 'SERVICIO', cantidad: 1, precio_unitario: 1180 }],
          detraccion: { codigo: '037', porcentaje: 12, cuenta_banco_nacion: '00-000-123456' },
        }),
      ],
      ['advance invoice', factura({ es_anticipo: true, productos: [{ descripcion: 'ANTICIPO', cantidad: 1, precio_unitario: 590 }] })],
      [
        'a line SUNAT observes (4337: unknown product code)',
        factura({ productos: [{ descripcion: 'BIEN', cantidad: 1, precio_unitario: 118, codigo_sunat: '43210000' }] }),
      ],
    ];
    for (const [nombre, body] of casos) {
      const res = await crear(body);
      expect({ nombre, status: res.status }).toEqual({ nombre, status: 201 });
      const id = res.body.data.id_venta as number;
      const shown = await request(t.http).get(`/api/ventas/${id}`).set(bearer(user.token));
      expect(shown.status).toBe(200);
      // JSON both ways: the create's dates and numbers as the client reads them
      expect({ nombre, data: res.body.data }).toEqual({ nombre, data: shown.body.data });
      expect(res.body.data.xml_url).toBe(`/api/ventas/${id}/xml`);
      expect(res.body.xml).toEqual({ success: true, nombre_archivo: res.body.data.nombre_xml, hash: res.body.data.hash_cpe });
    }
    const [observada] = await t.dataSource.query(`SELECT observaciones FROM ventas WHERE id_venta = (SELECT max(id_venta) FROM ventas)`);
    expect(observada.observaciones.join(' ')).toContain('4337');
    const [{ stock }] = await t.dataSource.query('SELECT stock::text AS stock FROM productos WHERE id_producto = $1', [producto.id_producto]);
    expect(stock).toBe('8.0000000000');
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM ventas WHERE xml_url IS DISTINCT FROM '/api/ventas/' || id_venta || '/xml'`);
    expect(n).toBe(0);
  });

  it('the series lock is taken after every read and check, and only the inserts of the sale and its XML follow it before the commit', async () => {
    await crear(factura()); // the company's certificate and caches are in place, as in steady operation
    const { result: res, sql } = await statementsOf(() => crear(factura()));
    expect(res.status).toBe(201);
    const begin = sql.indexOf('START TRANSACTION');
    const numbering = sql.findIndex((s) => s.startsWith('INSERT INTO series'));
    const commit = sql.indexOf('COMMIT');
    expect(begin).toBeGreaterThanOrEqual(0);
    expect(numbering).toBeGreaterThan(begin);
    expect(commit).toBeGreaterThan(numbering);
    const underLock = sql.slice(numbering + 1, commit).map(tableOf);
    // (and the documento.creado event of the outbox, written with the sale so that both commit or neither)
    expect(underLock.sort()).toEqual(
      ['INSERT INTO archivos', 'INSERT INTO venta_detalles', 'INSERT INTO ventas', 'WITH ev AS ( INSERT INTO eventos (id_emp'].sort(),
    );
    // Before the lock: the client (a new one: one insert) in the same transaction; nothing is read after the commit.
    expect(sql.slice(begin + 1, numbering).map((s) => s.slice(0, 20))).toEqual(['SELECT "Cliente"."id', 'INSERT INTO clientes']);
    expect(sql.slice(commit + 1)).toEqual([]);
  });

  it('a sale refused after the number was taken (stock short) leaves the counter, sales and files as they were', async () => {
    const producto = await createProducto(t, user, { precio: 10, stock: 1 });
    const antes = await t.dataSource.query(`SELECT (SELECT count(*)::int FROM ventas) AS ventas, (SELECT count(*)::int FROM archivos) AS archivos,
      (SELECT correlativo FROM series s JOIN ventas v ON v.id_empresa = s.id_empresa WHERE s.serie = 'B001' LIMIT 1) AS correlativo`);
    const res = await crear({
      tipo_documento: '03',
      cliente_documento: nextDni(),
      cliente_datos: 'SIN STOCK',
      productos: [{ id_producto: producto.id_producto, cantidad: 2 }],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['productos.0.cantidad']);
    const despues = await t.dataSource.query(`SELECT (SELECT count(*)::int FROM ventas) AS ventas, (SELECT count(*)::int FROM archivos) AS archivos,
      (SELECT correlativo FROM series s JOIN ventas v ON v.id_empresa = s.id_empresa WHERE s.serie = 'B001' LIMIT 1) AS correlativo`);
    expect(despues).toEqual(antes);
  });

  it('SUNAT rules refusing a sale while its inserts ran: 422 with the rule, nothing stored; with a stock shortage too, the shortage is answered', async () => {
    const filas = async () =>
      (await t.dataSource.query(`SELECT (SELECT count(*)::int FROM ventas) AS ventas, (SELECT count(*)::int FROM archivos) AS archivos`))[0];
    const antes = await filas();
    // a one-letter client name passes the DTO and is SUNAT's error 2022
    const refusada = await crear(factura({ cliente_datos: 'A' }));
    expect(refusada.status).toBe(422);
    expect(refusada.body.errors).toEqual({ xml: [expect.stringMatching(/^2022: /)] });
    expect(await filas()).toEqual(antes);
    const producto = await createProducto(t, user, { precio: 10, stock: 1 });
    const ambas = await crear(factura({ cliente_datos: 'B', productos: [{ id_producto: producto.id_producto, cantidad: 5 }] }));
    expect(ambas.status).toBe(422);
    expect(Object.keys(ambas.body.errors)).toEqual(['productos.0.cantidad']);
    expect(await filas()).toEqual(antes);
  });
});

describe('Ventas: the short create path with files on disk (STORAGE_DRIVER=local)', () => {
  let t: TestApp;
  let user: Session;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ventas-local-'));
    t = await createTestApp({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir });
    const admin = await login(t);
    const empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const archivos = (): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.xml')) : []);

  it('a refused sale leaves no file; an accepted one leaves exactly its XML, the bytes GET /xml serves', async () => {
    const body = {
      tipo_documento: '01',
      cliente_documento: nextRuc(),
      cliente_datos: 'A',
      productos: [{ descripcion: 'SERVICIO', cantidad: 1, precio_unitario: 118 }],
    };
    const refusada = await request(t.http).post('/api/ventas').set(bearer(user.token)).send(body);
    expect(refusada.status).toBe(422);
    expect(archivos()).toEqual([]);
    const creada = await request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({ ...body, cliente_datos: 'CLIENTE CORRECTO S.A.C.' });
    expect(creada.status).toBe(201);
    expect(archivos().map((f) => f.split('/').pop())).toEqual([creada.body.data.nombre_xml]);
    const xml = await request(t.http).get(creada.body.data.xml_url).set(bearer(user.token)).buffer(true);
    expect(xml.status).toBe(200);
    const [enDisco] = archivos();
    expect(String(xml.text ?? xml.body)).toBe(readFileSync(join(dir, enDisco), 'utf8'));
  });
});
