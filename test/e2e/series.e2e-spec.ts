import request from 'supertest';
import { SeriesService } from '../../src/series/series.service';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';
import { takeNumbersConcurrently } from '../support/series-concurrency';

describe('Series and the correlative counter', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '60' });
    admin = await login(t);
  });
  afterAll(() => t.close());

  it('gives 50 parallel transactions 50 distinct consecutive numbers', async () => {
    const empresa = await createEmpresa(t, admin);
    const numbers = await takeNumbersConcurrently(t.dataSource, t.app.get(SeriesService), empresa.id_empresa, 'F001');
    expect(new Set(numbers).size).toBe(50);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [row] = await t.dataSource.query(`SELECT correlativo FROM series WHERE id_empresa = $1 AND serie = 'F001'`, [empresa.id_empresa]);
    expect(row.correlativo).toBe(50);
  });

  it('gives back a number to the counter when the transaction rolls back', async () => {
    const empresa = await createEmpresa(t, admin);
    const series = t.app.get(SeriesService);
    await expect(
      t.dataSource.transaction(async (m) => {
        await series.next(m, empresa.id_empresa, '01', 'F001');
        throw new Error('insert failed');
      }),
    ).rejects.toThrow('insert failed');
    const n = await t.dataSource.transaction((m) => series.next(m, empresa.id_empresa, '01', 'F001'));
    expect(n).toBe(1);
  });

  it('honours a floor (max already used) and keeps companies apart', async () => {
    const a = await createEmpresa(t, admin);
    const b = await createEmpresa(t, admin);
    const series = t.app.get(SeriesService);
    expect(await t.dataSource.transaction((m) => series.next(m, a.id_empresa, '07', 'FC01', 41))).toBe(42);
    expect(await t.dataSource.transaction((m) => series.next(m, a.id_empresa, '07', 'FC01', 10))).toBe(43);
    expect(await t.dataSource.transaction((m) => series.next(m, b.id_empresa, '07', 'FC01'))).toBe(1);
  });

  it('lists and creates series of the active company, validating the shape per type', async () => {
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['empresas.edit']);
    const created = await request(t.http).post('/api/series').set(bearer(user.token)).send({ tipo_documento: '01', serie: 'f002' }).expect(201);
    expect(created.body.data).toMatchObject({ serie: 'F002', tipo_documento: '01', correlativo: 0, id_empresa: empresa.id_empresa });
    const bad = await request(t.http).post('/api/series').set(bearer(user.token)).send({ tipo_documento: '03', serie: 'F003' }).expect(422);
    expect(bad.body.errors.serie).toBeDefined();
    await request(t.http).post('/api/series').set(bearer(user.token)).send({ tipo_documento: '01', serie: 'F002' }).expect(422);
    const list = await request(t.http).get('/api/series').set(bearer(user.token)).expect(200);
    expect(list.body.data.map((s: { serie: string }) => s.serie)).toContain('F002');
    expect(list.body.data.every((s: { id_empresa: number }) => s.id_empresa === empresa.id_empresa)).toBe(true);
    const viewer = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view']);
    await request(t.http).post('/api/series').set(bearer(viewer.token)).send({ tipo_documento: '01', serie: 'F004' }).expect(403);
  });
});
