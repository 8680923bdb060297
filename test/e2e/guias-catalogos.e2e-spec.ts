import request from 'supertest';
import { guiaPrivada, guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

/** The form helpers (motivos, ubigeos) and the list with its filters and pagination. */
describe('Guías de remisión: catalogs and list', () => {
  let t: TestApp;
  let user: Session;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const get = (path: string) => request(t.http).get(`/api/guias-remision${path}`).set(bearer(user.token));

  it("motivos: every code of SUNAT's catálogo 20 with its wording (issue 19)", async () => {
    const res = await get('/motivos').expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((m: { codigo: string }) => m.codigo)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '13',
      '14',
      '17',
      '18',
      '19',
    ]);
    expect(res.body.data[0]).toEqual({ codigo: '01', descripcion: 'Venta' });
    expect(res.body.data.find((m: { codigo: string }) => m.codigo === '04').descripcion).toBe('Traslado entre establecimientos de la misma empresa');
  });

  it('ubigeos: accent-insensitive name search, code search, limited results', async () => {
    for (const q of ['ancon', 'Ancón', 'ANCÓN']) {
      const res = await get(`/ubigeos?q=${encodeURIComponent(q)}`).expect(200);
      expect(res.body.data[0]).toEqual({ code: '150102', distrito: 'ANCON', provincia: 'LIMA', departamento: 'LIMA' });
    }
    expect((await get('/ubigeos?q=150101').expect(200)).body.data).toEqual([{ code: '150101', distrito: 'LIMA', provincia: 'LIMA', departamento: 'LIMA' }]);
    expect((await get('/ubigeos?q=nepena').expect(200)).body.data.map((u: { distrito: string }) => u.distrito)).toContain('NEPEÑA');
    expect((await get('/ubigeos?q=san').expect(200)).body.data).toHaveLength(20);
    expect((await get('/ubigeos?q=san&limit=5').expect(200)).body.data).toHaveLength(5);
    expect((await get('/ubigeos?q=zzzz').expect(200)).body.data).toEqual([]);
    expect((await get('/ubigeos').expect(200)).body.data).toEqual([]);
    expect((await get('/ubigeos?limit=500')).status).toBe(422);
  });

  it('lists newest first with filters and pagination meta', async () => {
    const post = (body: Record<string, unknown>) => request(t.http).post('/api/guias-remision').set(bearer(user.token)).send(body).expect(201);
    await post(guiaPublica({ destinatario_nombre: 'FERRETERIA EL PERNO' }));
    await post(guiaPrivada());
    await post(guiaPublica());
    const all = await get('?per_page=2').expect(200);
    expect(all.body.success).toBe(true);
    expect(all.body.data.map((g: { numero: number }) => g.numero)).toEqual([3, 2]);
    expect(all.body.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(all.body.data[0].detalles).toBeUndefined();
    expect((await get('?q=perno').expect(200)).body.data.map((g: { numero: number }) => g.numero)).toEqual([1]);
    expect((await get('?q=T001-2').expect(200)).body.data.map((g: { numero: number }) => g.numero)).toEqual([2]);
    expect((await get('?mod_transporte=02').expect(200)).body.meta.total).toBe(1);
    expect((await get('?estado=pendiente').expect(200)).body.meta.total).toBe(3);
    expect((await get('?estado=aceptado').expect(200)).body.meta.total).toBe(0);
    expect((await get('?estado=otro')).status).toBe(422);
  });
});
