import { Client } from 'pg';
import request from 'supertest';
import { startSunatSimulator, SunatSimulator } from '../../src/sunat/simulator/sunat-simulator';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { firmaValida, Json, Receptor, until } from '../support/receptor-webhooks';
import { hoyLima } from '../../src/common/fecha';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';

/**
 * Events and webhooks end to end, against a real HTTP receiver started here. Every app of this file shares one
 * database: the first one with the sender on (short backoff, endpoints disabled after 4 s of failures), then a
 * restart (the first closed, a second one started on the same database), then two replicas delivering together,
 * then one where private addresses are refused.
 */
describe('Events and webhooks', () => {
  const receptor = new Receptor();
  let sim: SunatSimulator;
  let t: TestApp;
  let databaseUrl: string;
  let admin: Session;
  let s1: Session;
  let s2: Session;
  let empresa1: number;
  const secretos = new Map<number, string>();

  const sunatEnv = () => ({
    SUNAT_SIMULATOR: 'off',
    SUNAT_ENDPOINTS_BASE: sim.url,
    SUNAT_GRE_CLIENT_ID: 'simulador-client-id',
    SUNAT_GRE_CLIENT_SECRET: 'simulador-client-secret',
    SUNAT_TIMEOUT_MS: '30000',
  });
  const senderEnv = {
    WEBHOOKS_WORKER: 'true',
    WEBHOOKS_INTERVAL_MS: '50',
    WEBHOOKS_BACKOFF_BASE_MS: '300',
    WEBHOOKS_BACKOFF_MAX_MS: '600',
    WEBHOOKS_DISABLE_AFTER_SECONDS: '4',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOKS_CHECK_INTERVAL_MS: '1000',
  };
  const arrancar = (env: Record<string, string> = {}) => createTestApp({ ...sunatEnv(), ...senderEnv, ...env }, { databaseUrl });

  const api = (app: TestApp, s: Session) => ({
    get: (path: string) => request(app.http).get(path).set(bearer(s.token)),
    post: (path: string, body?: object) => request(app.http).post(path).set(bearer(s.token)).send(body),
    put: (path: string, body: object) => request(app.http).put(path).set(bearer(s.token)).send(body),
    delete: (path: string) => request(app.http).delete(path).set(bearer(s.token)),
  });

  /** An endpoint of the session's company at the receiver's `ruta`; its secret is kept for the signature checks. */
  const crearEndpoint = async (app: TestApp, s: Session, ruta: string, eventos?: string[]): Promise<number> => {
    const res = await api(app, s).post('/api/webhooks', { url: `${receptor.url}${ruta}`, ...(eventos ? { eventos } : {}) });
    expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
    secretos.set(res.body.data.id, res.body.data.secreto);
    return res.body.data.id as number;
  };

  beforeAll(async () => {
    await receptor.start();
    sim = await startSunatSimulator({ port: 0, host: '127.0.0.1', ticketPolls: 0 });
    t = await createTestApp({ ...sunatEnv(), ...senderEnv });
    databaseUrl = t.databaseUrl;
    admin = await login(t);
    empresa1 = (await createEmpresa(t, admin)).id_empresa;
    const empresa2 = (await createEmpresa(t, admin)).id_empresa;
    const permisos = ['empresas.edit', 'ventas.view', 'ventas.create', 'ventas.delete'];
    s1 = await createUserSession(t, admin, empresa1, permisos);
    s2 = await createUserSession(t, admin, empresa2, permisos);
  });

  afterAll(async () => {
    // the settings of this file's apps do not reach the next file's
    for (const name of Object.keys(process.env).filter((n) => n.startsWith('WEBHOOKS_') || n.startsWith('AUTOSEND_'))) delete process.env[name];
    await t?.close();
    await sim?.close();
    await receptor.close();
  });

  it('CRUD: the secret is shown on create and rotation only; bounds and names are checked; empresas.edit is required', async () => {
    const a = api(t, s1);
    const creado = await a.post('/api/webhooks', { url: `${receptor.url}/crud`, eventos: ['documento.creado'] }).expect(201);
    expect(creado.body.data).toMatchObject({ url: `${receptor.url}/crud`, eventos: ['documento.creado'], activo: true });
    expect(creado.body.data.secreto).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(creado.body.data).not.toHaveProperty('secreto_cifrado');
    const id = creado.body.data.id as number;

    const lista = await a.get('/api/webhooks').expect(200);
    expect(lista.body.data.map((w: Json) => w.id)).toContain(id);
    expect(JSON.stringify(lista.body)).not.toContain(creado.body.data.secreto);
    const uno = await a.get(`/api/webhooks/${id}`).expect(200);
    expect(uno.body.data).not.toHaveProperty('secreto');
    expect(uno.body.data).not.toHaveProperty('secreto_cifrado');
    // stored encrypted, not as shown
    const [fila] = await t.dataSource.query(`SELECT secreto_cifrado FROM webhooks WHERE id = $1`, [id]);
    expect(fila.secreto_cifrado).toMatch(/^v1:/);
    expect(fila.secreto_cifrado).not.toContain(creado.body.data.secreto.slice(6, 20));

    const cambiado = await a.put(`/api/webhooks/${id}`, { eventos: ['documento.creado', 'documento.aceptado'] }).expect(200);
    expect(cambiado.body.data.eventos).toEqual(['documento.creado', 'documento.aceptado']);
    expect((await a.put(`/api/webhooks/${id}`, { eventos: null }).expect(200)).body.data.eventos).toBeNull();

    const rotado = await a.post(`/api/webhooks/${id}/rotar-secreto`).expect(200);
    expect(rotado.body.data.secreto).toMatch(/^whsec_/);
    expect(rotado.body.data.secreto).not.toBe(creado.body.data.secreto);

    const invalido = async (body: object) => (await a.post('/api/webhooks', body).expect(422)).body.errors as Json;
    expect(await invalido({ url: 'ftp://example.com/x' })).toHaveProperty('url');
    expect(await invalido({ url: `https://example.com/${'x'.repeat(2001)}` })).toHaveProperty('url');
    expect(await invalido({ url: 'https://usuario:clave@example.com/x' })).toHaveProperty('url');
    expect(Object.keys(await invalido({ url: 'https://example.com/x', eventos: ['documento.inventado'] }))[0]).toMatch(/^eventos/);
    expect(Object.keys(await invalido({ url: 'https://example.com/x', eventos: Array(20).fill('documento.creado') }))[0]).toMatch(/^eventos/);

    const sinPermiso = await createUserSession(t, admin, empresa1, ['ventas.view']);
    await api(t, sinPermiso).get('/api/webhooks').expect(403);
    await api(t, sinPermiso)
      .post('/api/webhooks', { url: `${receptor.url}/x` })
      .expect(403);

    await a.delete(`/api/webhooks/${id}`).expect(200);
    await a.get(`/api/webhooks/${id}`).expect(404);
  });

  it('a delivery is signed with the endpoint secret and carries the resource as GET shows it', async () => {
    const id = await crearEndpoint(t, s1, '/firmas', ['documento.creado', 'documento.aceptado']);
    const venta = await createFactura(t, s1);
    const creado = await until(
      () => receptor.de('/firmas'),
      (r) => r.length >= 1,
    );
    expect(creado).toHaveLength(1);
    const [r] = creado;
    expect(firmaValida(secretos.get(id)!, r)).toBe(true);
    expect(firmaValida('whsec_' + Buffer.alloc(32, 1).toString('base64'), r)).toBe(false);
    expect(String(r.headers['webhook-id'])).toMatch(/^evt_\d+$/);
    expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.json).toMatchObject({ type: 'documento.creado', recurso: 'venta' });
    expect(new Date(r.json.timestamp).toISOString()).toBe(r.json.timestamp);
    // the sale as GET shows it (but the buyer's mail status, which only GET of one sale carries)
    const { correo: _correo, ...vista } = (await api(t, s1).get(`/api/ventas/${venta.id_venta}`).expect(200)).body.data as Json;
    expect(r.json.data).toEqual(JSON.parse(JSON.stringify(vista)));

    // SUNAT accepts it: documento.aceptado with the sale as it is now
    await api(t, s1).post(`/api/ventas/${venta.id_venta}/enviar`).expect(200);
    const aceptado = await until(
      () => receptor.de('/firmas'),
      (rs) => rs.length >= 2,
    );
    expect(aceptado[1].json).toMatchObject({ type: 'documento.aceptado', recurso: 'venta', data: { id_venta: venta.id_venta, estado_sunat: '1' } });
    expect(firmaValida(secretos.get(id)!, aceptado[1])).toBe(true);
    expect(aceptado[1].headers['webhook-id']).not.toBe(aceptado[0].headers['webhook-id']);

    // after a rotation, deliveries are signed with the new secret only
    const nuevo = (await api(t, s1).post(`/api/webhooks/${id}/rotar-secreto`).expect(200)).body.data.secreto as string;
    await createFactura(t, s1);
    const tercero = await until(
      () => receptor.de('/firmas'),
      (rs) => rs.length >= 3,
    );
    expect(firmaValida(nuevo, tercero[2])).toBe(true);
    expect(firmaValida(secretos.get(id)!, tercero[2])).toBe(false);
    secretos.set(id, nuevo);
  });

  it('a receiver answering 500 then 200 gets the event again; the log shows both attempts', async () => {
    const id = await crearEndpoint(t, s1, '/reintento', ['documento.creado']);
    receptor.guion('/reintento', [500]);
    await createVenta(t, s1);
    const recibidos = await until(
      () => receptor.de('/reintento'),
      (r) => r.length >= 2,
    );
    expect(recibidos.map((r) => r.estado)).toEqual([500, 200]);
    expect(recibidos[1].headers['webhook-id']).toBe(recibidos[0].headers['webhook-id']);
    expect(recibidos[1].cuerpo).toBe(recibidos[0].cuerpo);
    expect(firmaValida(secretos.get(id)!, recibidos[1])).toBe(true);

    const log = await until(
      async () => (await api(t, s1).get(`/api/webhooks/${id}/entregas`).expect(200)).body,
      (b: Json) => b.data[0]?.estado === 'entregada',
    );
    expect(log.meta.total).toBe(1);
    const entrega = log.data[0];
    expect(entrega).toMatchObject({
      estado: 'entregada',
      intentos: 2,
      proximo_intento: null,
      evento: { id: recibidos[0].headers['webhook-id'], tipo: 'documento.creado', recurso: 'venta' },
    });
    expect(entrega.historial.map((h: Json) => [h.intento, h.estado_http, h.respuesta])).toEqual([
      [1, 500, 'fallo 500'],
      [2, 200, 'ok'],
    ]);
    for (const h of entrega.historial) expect(h.duracion_ms).toEqual(expect.any(Number));

    // a finished delivery sent again: a new delivery of the same event, same webhook-id
    const reenvio = await api(t, s1).post(`/api/webhooks/${id}/entregas/${entrega.id}/reenviar`).expect(200);
    expect(reenvio.body.data.id).not.toBe(entrega.id);
    const otra = await until(
      () => receptor.de('/reintento'),
      (r) => r.length >= 3,
    );
    expect(otra[2].headers['webhook-id']).toBe(recibidos[0].headers['webhook-id']);
    await api(t, s1).post(`/api/webhooks/${id}/entregas/999999/reenviar`).expect(404);
  });

  it('documento.anulado (local annulment), then a daily summary: documento.aceptado of its boleta and lote.cerrado, in that order', async () => {
    const id = await crearEndpoint(t, s1, '/ciclo', ['documento.anulado', 'documento.aceptado', 'lote.cerrado']);
    const boleta = await createVenta(t, s1);
    const anulada = await createVenta(t, s1);
    const respuesta = await api(t, s1).post(`/api/ventas/${anulada.id_venta}/anular`).expect(200);
    const rc = await api(t, s1)
      .post('/api/resumen-diario', { ids: [boleta.id_venta], fecha_resumen: hoyLima() })
      .expect(200);
    await until(
      async () => (await api(t, s1).post('/api/resumen-diario/consultar-ticket', { ticket: rc.body.ticket }).expect(200)).body.codigo,
      (codigo: string) => codigo === '0',
    );
    const recibidos = await until(
      () => receptor.de('/ciclo'),
      (r) => r.length >= 3,
    );
    expect(recibidos.map((r) => r.json.type)).toEqual(['documento.anulado', 'documento.aceptado', 'lote.cerrado']);
    expect(recibidos[0].json.data).toEqual(JSON.parse(JSON.stringify(respuesta.body.data)));
    expect(recibidos[1].json.data).toMatchObject({ id_venta: boleta.id_venta, estado_sunat: '1' });
    expect(recibidos[2].json).toMatchObject({
      recurso: 'lote',
      data: {
        tipo: 'RC',
        ticket: rc.body.ticket,
        nombre_archivo: rc.body.nombre_archivo,
        estado: 'aceptado',
        documentos: [{ id_venta: boleta.id_venta, estado_linea: '1' }],
      },
    });
    for (const r of recibidos) expect(firmaValida(secretos.get(id)!, r)).toBe(true);
    // asking again about a closed ticket registers nothing new
    await api(t, s1).post('/api/resumen-diario/consultar-ticket', { ticket: rc.body.ticket }).expect(200);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM eventos WHERE tipo = 'lote.cerrado' AND data->>'ticket' = $1`, [rc.body.ticket]);
    expect(n).toBe(1);
  });

  it('the periodic check emits plazo.por_vencer (deadline within 24 h) and certificado.por_vencer, once each', async () => {
    const empresa3 = (await createEmpresa(t, admin)).id_empresa;
    const s3 = await createUserSession(t, admin, empresa3, ['empresas.edit', 'ventas.view', 'ventas.create']);
    await crearEndpoint(t, s3, '/plazos', ['plazo.por_vencer', 'certificado.por_vencer']);
    // a factura dated three days back ends its deadline today; one of today does not
    const vence = await createFactura(t, s3, { fecha_emision: hoyLima(new Date(Date.now() - 3 * 86_400_000)) });
    await createFactura(t, s3);
    const hasta = hoyLima(new Date(Date.now() + 5 * 86_400_000));
    await t.dataSource.query(`UPDATE empresas SET certificado_info = $2 WHERE id_empresa = $1`, [
      empresa3,
      JSON.stringify({ subject: 'CN=PRUEBA', emisor: 'CN=PRUEBA', valido_desde: '2025-01-01', valido_hasta: hasta }),
    ]);
    const recibidos = await until(
      () => receptor.de('/plazos'),
      (r) => r.length >= 2,
    );
    const porTipo = Object.fromEntries(recibidos.map((r) => [r.json.type, r.json]));
    expect(porTipo['plazo.por_vencer']).toMatchObject({
      recurso: 'venta',
      data: { tipo: 'factura', id: vence.id_venta, numero_completo: vence.numero_completo },
    });
    expect(porTipo['certificado.por_vencer']).toMatchObject({
      recurso: 'empresa',
      data: { id_empresa: empresa3, dias_restantes: 5, aviso: 7, certificado: { valido_hasta: hasta } },
    });
    // the check keeps running (every second here): nothing is emitted twice
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(
      receptor
        .de('/plazos')
        .map((r) => r.json.type)
        .sort(),
    ).toEqual(['certificado.por_vencer', 'plazo.por_vencer']);
  });

  it('per endpoint, events arrive in order: a failing delivery holds the later ones back', async () => {
    await crearEndpoint(t, s1, '/orden', ['documento.creado']);
    receptor.guion('/orden', [503, 503]);
    const ventas = [];
    for (let i = 0; i < 4; i++) ventas.push(await createVenta(t, s1));
    const recibidos = await until(
      () => receptor.de('/orden'),
      (r) => r.filter((x) => x.estado === 200).length >= 4,
    );
    expect(recibidos.map((r) => [r.json.data.id_venta, r.estado])).toEqual([
      [ventas[0].id_venta, 503],
      [ventas[0].id_venta, 503],
      ...ventas.map((v) => [v.id_venta, 200]),
    ]);
  });

  it('an endpoint failing for the configured time is disabled, a webhook.desactivado event says so, and it can be enabled again', async () => {
    const aviso = await crearEndpoint(t, s1, '/avisos', ['webhook.desactivado']);
    const roto = await crearEndpoint(t, s1, '/roto', ['documento.creado']);
    receptor.guion('/roto', Array(1000).fill(503));
    await createVenta(t, s1);
    const desactivado = await until(
      async () => (await api(t, s1).get(`/api/webhooks/${roto}`).expect(200)).body.data,
      (w: Json) => w.activo === false,
    );
    expect(desactivado).toMatchObject({ activo: false, desactivado_en: expect.any(String), motivo_desactivacion: expect.stringContaining('503') });
    const avisos = await until(
      () => receptor.de('/avisos'),
      (r) => r.length >= 1,
    );
    expect(avisos[0].json).toMatchObject({ type: 'webhook.desactivado', recurso: 'webhook', data: { id: roto, activo: false } });
    expect(firmaValida(secretos.get(aviso)!, avisos[0])).toBe(true);
    const log = (await api(t, s1).get(`/api/webhooks/${roto}/entregas?estado=fallida`).expect(200)).body;
    expect(log.data).toHaveLength(1);
    expect(log.data[0].historial.length).toBeGreaterThanOrEqual(2);

    // disabled: new events are not queued for it; enabled again, it gets the next ones
    const intentosAntes = receptor.de('/roto').length;
    await createVenta(t, s1);
    const reactivado = await api(t, s1).put(`/api/webhooks/${roto}`, { activo: true }).expect(200);
    expect(reactivado.body.data).toMatchObject({ activo: true, fallando_desde: null, desactivado_en: null, motivo_desactivacion: null });
    receptor.guion('/roto', []);
    const venta = await createVenta(t, s1);
    const llegan = await until(
      () => receptor.de('/roto').slice(intentosAntes),
      (r) => r.some((x) => x.estado === 200),
    );
    expect(llegan.map((r) => r.json.data.id_venta)).toEqual([venta.id_venta]);
  });

  it('two companies never see each other’s endpoints, deliveries or events', async () => {
    const propio = await crearEndpoint(t, s2, '/empresa2');
    const ajeno = await crearEndpoint(t, s1, '/empresa1', ['documento.creado']);
    const b = api(t, s2);
    expect((await b.get('/api/webhooks').expect(200)).body.data.map((w: Json) => w.id)).toEqual([propio]);
    await b.get(`/api/webhooks/${ajeno}`).expect(403);
    await b.get(`/api/webhooks/${ajeno}/entregas`).expect(403);
    await b.put(`/api/webhooks/${ajeno}`, { activo: false }).expect(403);
    await b.post(`/api/webhooks/${ajeno}/rotar-secreto`).expect(403);
    await b.delete(`/api/webhooks/${ajeno}`).expect(403);

    const venta1 = await createVenta(t, s1);
    const venta2 = await createVenta(t, s2);
    await until(
      () => [...receptor.de('/empresa1'), ...receptor.de('/empresa2')],
      (r) => r.length >= 2,
    );
    // give a wrongly routed delivery the time to show up
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receptor.de('/empresa2').map((r) => r.json.data.id_venta)).toEqual([venta2.id_venta]);
    expect(receptor.de('/empresa1').map((r) => r.json.data.id_venta)).toEqual([venta1.id_venta]);
  });

  it('a restart in between loses nothing: the failed delivery and the events created meanwhile arrive, in order', async () => {
    const id = await crearEndpoint(t, s1, '/reinicio', ['documento.creado']);
    // the receiver fails until the process has stopped
    receptor.guion('/reinicio', Array(1000).fill(500));
    const primera = await createVenta(t, s1);
    await until(
      () => receptor.de('/reinicio'),
      (r) => r.length >= 1,
    );
    await t.close();
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const filas = (await db.query(`SELECT estado, intentos FROM webhook_entregas WHERE id_webhook = $1`, [id])).rows;
      expect(filas).toEqual([{ estado: 'pendiente', intentos: receptor.de('/reinicio').length }]);
    } finally {
      await db.end();
    }

    receptor.guion('/reinicio', []);
    t = await arrancar();
    const segunda = await createVenta(t, s1);
    const recibidos = await until(
      () => receptor.de('/reinicio'),
      (r) => r.filter((x) => x.estado === 200).length >= 2,
    );
    const fallidos = recibidos.filter((r) => r.estado === 500);
    expect(fallidos.length).toBeGreaterThanOrEqual(1);
    expect(recibidos.map((r) => [r.json.data.id_venta, r.estado])).toEqual([
      ...fallidos.map(() => [primera.id_venta, 500]),
      [primera.id_venta, 200],
      [segunda.id_venta, 200],
    ]);
  });

  it('a delivery cut off by a lost database connection is delivered again, never lost', async () => {
    const id = await crearEndpoint(t, s1, '/corte', ['documento.creado']);
    // the receiver holds its answer: meanwhile the sender's connection (holding the endpoint's lock) is killed
    receptor.lento = 1500;
    try {
      const venta = await createVenta(t, s1);
      await until(
        () => receptor.llegadas.includes('/corte'),
        (llegada) => llegada,
      );
      await t.dataSource.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'webhooks' AND datname = current_database()`);
      receptor.lento = 0;
      const recibidos = await until(
        () => receptor.de('/corte'),
        (r) => r.length >= 2,
      );
      expect(recibidos.length).toBeGreaterThanOrEqual(2);
      expect(recibidos.every((r) => r.json.data.id_venta === venta.id_venta)).toBe(true);
      expect(new Set(recibidos.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const entregas = await until(
        async () => (await api(t, s1).get(`/api/webhooks/${id}/entregas`).expect(200)).body.data,
        (d: Json[]) => d[0]?.estado === 'entregada',
      );
      expect(entregas).toHaveLength(1);
      expect(entregas[0].estado).toBe('entregada');
    } finally {
      receptor.lento = 0;
    }
  });

  it('two replicas on one database deliver each event exactly once, in order per endpoint', async () => {
    const rutas = ['/replica-a', '/replica-b', '/replica-c'];
    for (const ruta of rutas) await crearEndpoint(t, s1, ruta, ['documento.creado']);
    const otra = await arrancar();
    try {
      receptor.lento = 30;
      const ventas: number[] = [];
      for (let i = 0; i < 15; i++) ventas.push((await createVenta(i % 2 ? otra : t, s1)).id_venta);
      for (const ruta of rutas) {
        const recibidos = await until(
          () => receptor.de(ruta),
          (r) => r.length >= ventas.length,
        );
        expect(recibidos.map((r) => r.json.data.id_venta)).toEqual(ventas);
      }
      // nothing more arrives later
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const ruta of rutas) {
        const ids = receptor.de(ruta).map((r) => String(r.headers['webhook-id']));
        expect(ids).toHaveLength(ventas.length);
        expect(new Set(ids).size).toBe(ventas.length);
      }
      const [{ pendientes }] = await t.dataSource.query(
        `SELECT count(*)::int AS pendientes FROM webhook_entregas e JOIN webhooks w ON w.id = e.id_webhook WHERE w.url = ANY($1) AND e.estado <> 'entregada'`,
        [rutas.map((r) => `${receptor.url}${r}`)],
      );
      expect(pendientes).toBe(0);
    } finally {
      receptor.lento = 0;
      // the second app goes on as this file's app: two Nest apps in one process share passport's strategy
      // registry (the last one created answers for both), so the first one is the one closed
      await t.close();
      t = otra;
    }
  });

  it('sunat.caida and sunat.restablecida reach every subscribed endpoint, once per outage', async () => {
    await crearEndpoint(t, s2, '/sunat', ['sunat.caida', 'sunat.restablecida']);
    await t.close();
    // an automatic sender that takes SUNAT for down after one failure, and probes it often
    t = await arrancar({
      AUTOSEND_WORKER: 'true',
      AUTOSEND_INTERVAL_MS: '100',
      AUTOSEND_BACKOFF_BASE_MS: '100',
      AUTOSEND_BACKOFF_MAX_MS: '300',
      AUTOSEND_BREAKER_FAILURES: '1',
      AUTOSEND_BREAKER_PROBE_MS: '300',
    });
    try {
      const auto = (await createEmpresa(t, admin, { envio_automatico: true })).id_empresa;
      const s4 = await createUserSession(t, admin, auto, ['ventas.view', 'ventas.create']);
      // SUNAT's beta takes every company for one RUC: the new company's F001-1 must not meet the one sent earlier
      sim.state.documents.clear();
      sim.outage({ down: true, services: ['soap'] });
      await createFactura(t, s4);
      const caida = await until(
        () => receptor.de('/sunat'),
        (r) => r.length >= 1,
      );
      expect(caida[0].json).toMatchObject({
        type: 'sunat.caida',
        recurso: 'servicio_sunat',
        data: { servicio: 'soap', disponible: false, caido_desde: expect.any(String) },
      });
      sim.outage({ down: false });
      const ambos = await until(
        () => receptor.de('/sunat'),
        (r) => r.length >= 2,
      );
      expect(ambos[1].json).toMatchObject({
        type: 'sunat.restablecida',
        data: { servicio: 'soap', disponible: true, caido_desde: caida[0].json.data.caido_desde },
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receptor.de('/sunat')).toHaveLength(2);
    } finally {
      sim.outage({ down: false });
      for (const name of Object.keys(process.env).filter((n) => n.startsWith('AUTOSEND_'))) delete process.env[name];
    }
  });

  it('with private addresses refused, an endpoint on this host is refused on create and never reached on delivery', async () => {
    await t.close();
    t = await arrancar({ WEBHOOKS_ALLOW_PRIVATE: 'false' });
    const a = api(t, s1);
    const creado = await a.post('/api/webhooks', { url: `${receptor.url}/privada` }).expect(422);
    expect(creado.body.errors.url[0]).toContain('127.0.0.1');
    await a.post('/api/webhooks', { url: 'http://[::1]:8080/x' }).expect(422);
    await a.post('/api/webhooks', { url: 'http://169.254.169.254/latest/meta-data' }).expect(422);
    await a.post('/api/webhooks', { url: 'http://localhost:8080/x' }).expect(422);

    // an endpoint saved while they were allowed: the delivery is refused before any connection
    const id = await (async () => {
      const [fila] = await t.dataSource.query(`SELECT id FROM webhooks WHERE url = $1`, [`${receptor.url}/firmas`]);
      return fila.id as number;
    })();
    const antes = receptor.recibidos.length;
    await createVenta(t, s1);
    const log = await until(
      async () => (await a.get(`/api/webhooks/${id}/entregas`).expect(200)).body.data[0],
      (e: Json) => e?.historial?.length >= 1 && e.evento.tipo === 'documento.creado' && e.estado === 'pendiente',
    );
    expect(log.historial[0]).toMatchObject({ estado_http: null, error: expect.stringContaining('privada') });
    expect(receptor.recibidos.length).toBe(antes);
  });
});
