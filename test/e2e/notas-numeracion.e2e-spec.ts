import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFacturaAceptada, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { statementsOf, tableOf } from '../support/sql-trace';

jest.setTimeout(180_000);

const BETA_RUC = '20000000001';

describe('Notas: numbering per (company, series) = max(highest existing, stored counter) + 1', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let empresaId: number;
  let s: Session;
  const motivo: Record<string, Record<string, number>> = { 'notas-credito': {}, 'notas-debito': {} };

  const post = (ruta: string, body: object) => request(t.http).post(`/api/${ruta}`).set(bearer(s.token)).send(body);
  const contador = async (serie: string) =>
    (await t.dataSource.query(`SELECT correlativo FROM series WHERE id_empresa = $1 AND serie = $2`, [empresaId, serie]))[0].correlativo as number;

  beforeAll(async () => {
    t = await createTestAppWithSunat({ DB_POOL_SIZE: '45' });
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    s = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
    for (const ruta of ['notas-credito', 'notas-debito'] as const) {
      for (const m of (await request(t.http).get(`/api/${ruta}/motivos`).set(bearer(s.token))).body.data) motivo[ruta][m.codigo_sunat] = m.id;
    }
  });
  afterAll(() => t.close());

  it('30 parallel credit notes on 10 boletas (plus 10 parallel debit notes on a factura) get distinct consecutive numbers and file names', async () => {
    const boletas = await Promise.all(Array.from({ length: 10 }, () => createVenta(t, s)));
    const factura = await createFacturaAceptada(t, s);
    const partial = ['03', '04', '05', '07', '08', '09', '10'];
    const [creditos, debitos] = await Promise.all([
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post('notas-credito', { id_venta: boletas[i % 10].id_venta, motivo_id: motivo['notas-credito'][partial[i % partial.length]] }),
        ),
      ),
      Promise.all(
        Array.from({ length: 10 }, (_, i) => post('notas-debito', { id_venta: factura.id_venta, motivo_id: motivo['notas-debito']['01'], monto_total: i + 1 })),
      ),
    ]);
    expect(creditos.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(debitos.map((r) => r.status)).toEqual(Array(10).fill(201));

    const nc = creditos.map((r) => r.body.data as { numero: number; serie: string; nombre_xml: string });
    expect(nc.every((n) => n.serie === 'BC01')).toBe(true);
    expect(nc.map((n) => n.numero).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(nc.map((n) => n.nombre_xml))).toEqual(new Set(Array.from({ length: 30 }, (_, i) => `${BETA_RUC}-07-BC01-${i + 1}.xml`)));
    const nd = debitos.map((r) => r.body.data as { numero: number; serie: string });
    expect(nd.every((n) => n.serie === 'FD01')).toBe(true);
    expect(nd.map((n) => n.numero).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));

    expect(await contador('BC01')).toBe(30);
    expect(await contador('FD01')).toBe(10);
    // Series of the other kind and of the other document type stay untouched.
    expect(await contador('FC01')).toBe(0);
    expect(await contador('BD01')).toBe(0);
  });

  it('a counter behind the highest number does not reuse numbers; a counter ahead is followed; the counter is set to the number given', async () => {
    const v = await createVenta(t, s);
    await t.dataSource.query(`UPDATE series SET correlativo = 5 WHERE id_empresa = $1 AND serie = 'BC01'`, [empresaId]);
    const behind = await post('notas-credito', { id_venta: v.id_venta, motivo_id: motivo['notas-credito']['07'] });
    expect({ status: behind.status, numero: behind.body.data?.numero }).toEqual({ status: 201, numero: 31 });
    expect(await contador('BC01')).toBe(31);

    await t.dataSource.query(`UPDATE series SET correlativo = 100 WHERE id_empresa = $1 AND serie = 'BC01'`, [empresaId]);
    const ahead = await post('notas-credito', { id_venta: v.id_venta, motivo_id: motivo['notas-credito']['07'] });
    expect({ status: ahead.status, numero: ahead.body.data?.numero, nombre: ahead.body.data?.nombre_xml }).toEqual({
      status: 201,
      numero: 101,
      nombre: `${BETA_RUC}-07-BC01-101.xml`,
    });
    expect(await contador('BC01')).toBe(101);
  });

  it('a refused create does not consume a number', async () => {
    const v = await createVenta(t, s);
    const before = await contador('BC01');
    const refused = await post('notas-credito', { id_venta: v.id_venta, motivo_id: motivo['notas-debito']['01'] });
    expect(refused.status).toBe(422);
    expect(await contador('BC01')).toBe(before);
    const ok = await post('notas-credito', { id_venta: v.id_venta, motivo_id: motivo['notas-credito']['07'] });
    expect(ok.body.data.numero).toBe(before + 1);
  });

  it('issue 21: the series lock is taken after every check, and only the note and its XML are written under it', async () => {
    const v = await createVenta(t, s);
    const { result: res, sql } = await statementsOf(() =>
      post('notas-credito', { id_venta: v.id_venta, motivo_id: motivo['notas-credito']['04'], monto: 1.18 }),
    );
    expect(res.status).toBe(201);
    const numbering = sql.findIndex((q) => q.startsWith('INSERT INTO series'));
    const commit = sql.indexOf('COMMIT');
    expect(numbering).toBeGreaterThan(sql.indexOf('START TRANSACTION'));
    expect(commit).toBeGreaterThan(numbering);
    // the floor of the counter (highest number in use) is read in the same statement
    expect(sql[numbering]).toContain('(SELECT COALESCE(MAX(numero), 0) FROM notas_credito WHERE');
    // the note, its lines (a partial note by amount keeps one per sale line), its XML; SUNAT's observations, when
    // its rules made any, are written once they are known; the documento.creado event of the outbox commits with them
    const observada = res.body.data.observaciones.length > 0;
    expect(
      sql
        .slice(numbering + 1, commit)
        .map(tableOf)
        .sort(),
    ).toEqual(
      [
        'INSERT INTO archivos',
        'INSERT INTO nota_lineas',
        'INSERT INTO notas_credito',
        'WITH ev AS ( INSERT INTO eventos (id_emp',
        ...(observada ? ['UPDATE notas_credito'] : []),
      ].sort(),
    );
    const shown = await request(t.http).get(`/api/notas-credito/${res.body.data.id}`).set(bearer(s.token));
    expect(shown.status).toBe(200);
    // the detail view adds the sale; everything the create answered is as stored
    expect(shown.body.data).toMatchObject(res.body.data);
  });
});
