import request from 'supertest';
import { DataSource } from 'typeorm';
import { guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { hoyLima } from '../../src/common/fecha';

jest.setTimeout(240_000);

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, deadlineMs = 90_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const PERMISOS = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete'];

describe('Autopilot: notes of facturas and dispatch guides of a company with envio_automatico reach SUNAT by themselves', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let db: DataSource;
  const motivoNc: Record<string, number> = {};
  const motivoNd: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestAppWithSunat(
      {
        AUTOSEND_WORKER: 'true',
        AUTOSEND_INTERVAL_MS: '100',
        AUTOSEND_BACKOFF_BASE_MS: '100',
        AUTOSEND_BACKOFF_MAX_MS: '400',
        AUTOSEND_BREAKER_FAILURES: '2',
        AUTOSEND_BREAKER_PROBE_MS: '300',
        AUTOSEND_SWEEP_MS: '500',
        TICKET_POLLER: 'true',
        TICKET_POLL_DELAY_SECONDS: '1',
        TICKET_POLL_INTERVAL_SECONDS: '1',
      },
      1,
    );
    const admin = await login(t);
    const auto = await createEmpresa(t, admin, { envio_automatico: true });
    user = await createUserSession(t, admin, auto.id_empresa, PERMISOS);
    db = t.app.get(DataSource);
    for (const m of (await request(t.http).get('/api/notas-credito/motivos').set(bearer(user.token))).body.data) motivoNc[m.codigo_sunat] = m.id;
    for (const m of (await request(t.http).get('/api/notas-debito/motivos').set(bearer(user.token))).body.data) motivoNd[m.codigo_sunat] = m.id;
  });
  afterAll(async () => {
    await t.close();
    for (const name of Object.keys(process.env).filter((n) => n.startsWith('AUTOSEND_') || n.startsWith('TICKET_POLL'))) delete process.env[name];
  });
  beforeEach(() => {
    t.sunat.state.control.clear();
    t.sunat.outage({ down: false });
  });

  const get = async (path: string) => (await request(t.http).get(path).set(bearer(user.token))).body.data;
  const fila = async (tipo: string, id: number) =>
    (await db.query(`SELECT estado, intentos, ultimo_error FROM envios_sunat WHERE tipo = $1 AND id_documento = $2`, [tipo, id]))[0] as
      { estado: string; intentos: number; ultimo_error: string | null } | undefined;
  const filaHecha = (tipo: string, id: number) =>
    eventually(async () => {
      const r = await fila(tipo, id);
      return r?.estado === 'hecho' ? r : undefined;
    }, `fila ${tipo}:${id} hecha`);
  /** Requests of one operation about one document (the SOAP file name ends in .zip, the GRE name has none). */
  const pedidos = (operation: string, nombreXml: string) => {
    const base = nombreXml.replace(/\.xml$/, '');
    return t.sunat.state.requests.filter((r) => r.operation === operation && (r.subject === base || r.subject === `${base}.zip`)).length;
  };
  const facturaAceptada = async () => {
    const f = await createFactura(t, user);
    await eventually(async () => ((await get(`/api/ventas/${f.id_venta}`)).estado_sunat === '1' ? true : undefined), `factura ${f.id_venta} aceptada`);
    return f;
  };
  const crearNota = async (ruta: string, body: object) => {
    const res = await request(t.http).post(`/api/${ruta}`).set(bearer(user.token)).send(body);
    if (res.status !== 201) throw new Error(`crear ${ruta}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; estado: string; nombre_xml: string };
  };
  const notaAceptada = (ruta: string, id: number) =>
    eventually(async () => {
      const n = await get(`/api/${ruta}/${id}`);
      return n.estado === 'aceptado' ? n : undefined;
    }, `${ruta} ${id} aceptada`);
  const crearGuia = async () => {
    const res = await request(t.http).post('/api/guias-remision').set(bearer(user.token)).send(guiaPublica());
    if (res.status !== 201) throw new Error(`crear guía: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; estado: string; nombre_xml: string };
  };
  const guiaAceptada = (id: number) =>
    eventually(async () => {
      const g = await get(`/api/guias-remision/${id}`);
      return g.estado === 'aceptado' ? g : undefined;
    }, `guía ${id} aceptada`);

  it('a credit note and a debit note of an accepted factura are accepted by themselves, one sendBill each', async () => {
    const f1 = await facturaAceptada();
    const f2 = await facturaAceptada();
    const nc = await crearNota('notas-credito', { id_venta: f1.id_venta, motivo_id: motivoNc['01'] });
    const nd = await crearNota('notas-debito', { id_venta: f2.id_venta, motivo_id: motivoNd['01'], monto_total: 35.4 });
    // the create answers pending as before
    expect([nc.estado, nd.estado]).toEqual(['pendiente', 'pendiente']);
    // the two tables number their ids apart: the queue tells them by kind
    const aceptadaNc = await notaAceptada('notas-credito', nc.id);
    const aceptadaNd = await notaAceptada('notas-debito', nd.id);
    expect(aceptadaNc.cdr_url).toBe(`/api/notas-credito/${nc.id}/cdr`);
    expect(aceptadaNd.cdr_url).toBe(`/api/notas-debito/${nd.id}/cdr`);
    expect(pedidos('sendBill', nc.nombre_xml)).toBe(1);
    expect(pedidos('sendBill', nd.nombre_xml)).toBe(1);
    expect(await filaHecha('nc', nc.id)).toMatchObject({ intentos: 1 });
    expect(await filaHecha('nd', nd.id)).toMatchObject({ intentos: 1 });
    // the accepted credit note (01, annulment) annuls its factura, as an explicit send would
    expect((await get(`/api/ventas/${f1.id_venta}`)).estado).toBe('2');
  });

  it('a note of a boleta waits in the queue until its boleta is accepted in a daily summary, then goes by itself', async () => {
    const boleta = await createVenta(t, user);
    const nb = await crearNota('notas-debito', { id_venta: boleta.id_venta, motivo_id: motivoNd['01'], monto_total: 11.8 });
    expect(nb.nombre_xml).toContain('-08-BD01-');
    const esperando = await eventually(async () => {
      const r = await fila('nd', nb.id);
      return r && r.intentos >= 1 && r.estado === 'pendiente' ? r : undefined;
    }, 'nota de boleta en espera');
    expect(esperando.ultimo_error).toBe(`Espera que SUNAT acepte la boleta ${boleta.numero_completo} en su resumen diario.`);
    expect(pedidos('sendBill', nb.nombre_xml)).toBe(0);
    // the boleta reaches SUNAT in a summary (here sent by hand; the ticket poller settles it)
    const rc = await request(t.http)
      .post('/api/resumen-diario')
      .set(bearer(user.token))
      .send({ ids: [boleta.id_venta], fecha_resumen: hoyLima() });
    expect(rc.status).toBe(200);
    await eventually(async () => ((await get(`/api/ventas/${boleta.id_venta}`)).estado_sunat === '1' ? true : undefined), 'boleta aceptada');
    await notaAceptada('notas-debito', nb.id);
    expect(pedidos('sendBill', nb.nombre_xml)).toBe(1);
    expect((await filaHecha('nd', nb.id)).estado).toBe('hecho');
  });

  it('an explicit enviar of a queued note never causes a second upload', async () => {
    const f = await facturaAceptada();
    const nc = await crearNota('notas-credito', { id_venta: f.id_venta, motivo_id: motivoNc['01'] });
    const res = await request(t.http).post(`/api/notas-credito/${nc.id}/enviar`).set(bearer(user.token));
    // the explicit send won (200) or the queue was sending it (409 enviando / ya aceptado)
    expect([200, 409]).toContain(res.status);
    await notaAceptada('notas-credito', nc.id);
    await filaHecha('nc', nc.id);
    expect(pedidos('sendBill', nc.nombre_xml)).toBe(1);
  });

  it('a guide is uploaded once by itself and the ticket poller makes it aceptado', async () => {
    const g = await crearGuia();
    expect(g.estado).toBe('pendiente');
    const aceptada = await guiaAceptada(g.id);
    expect(aceptada.codigo_sunat).toBe('0');
    expect(pedidos('greSend', g.nombre_xml)).toBe(1);
    expect(await filaHecha('guia', g.id)).toMatchObject({ intentos: 1 });
  });

  it('an explicit enviar of a queued guide never causes a second upload', async () => {
    const g = await crearGuia();
    const res = await request(t.http).post(`/api/guias-remision/${g.id}/enviar`).set(bearer(user.token));
    // the explicit send won (200, a ticket) or the queue had it (409 enviando / ya enviada)
    expect([200, 409]).toContain(res.status);
    await guiaAceptada(g.id);
    await filaHecha('guia', g.id);
    expect(pedidos('greSend', g.nombre_xml)).toBe(1);
  });

  it('a guide whose upload answer was lost is uploaded again: SUNAT answers with the guide it has, one guide, aceptado', async () => {
    // SUNAT registers the upload, then the connection drops before its ticket comes back
    t.sunat.next({ operation: 'greSend', action: 'reset' });
    const g = await crearGuia();
    await guiaAceptada(g.id);
    const row = await filaHecha('guia', g.id);
    expect(row.intentos).toBe(2);
    const base = g.nombre_xml.replace(/\.xml$/, '');
    expect(pedidos('greSend', g.nombre_xml)).toBe(2);
    // two tickets (one lost with its answer) for one registered guide
    expect([...t.sunat.state.documents.values()].filter((d) => d.name === base)).toHaveLength(1);
    expect([...t.sunat.state.tickets.values()].filter((k) => k.name === base)).toHaveLength(2);
  });

  it('GRE down: guides wait and go once it is up, while SOAP facturas keep being accepted (one breaker per service)', async () => {
    t.sunat.outage({ down: true, services: ['gre'] });
    const guias = [await crearGuia(), await crearGuia()];
    const caido = await eventually(async () => {
      const [row] = await db.query(`SELECT caido_desde FROM servicios_sunat WHERE servicio = 'gre'`);
      return row?.caido_desde ? row.caido_desde : undefined;
    }, 'servicio gre caído');
    expect(new Date(caido).getTime()).toBeLessThanOrEqual(Date.now());
    // SOAP is not down: a factura goes through meanwhile
    const f = await facturaAceptada();
    expect(pedidos('sendBill', f.nombre_xml)).toBe(1);
    const [soap] = await db.query(`SELECT caido_desde FROM servicios_sunat WHERE servicio = 'soap'`);
    expect(soap?.caido_desde ?? null).toBeNull();
    for (const g of guias) {
      expect((await get(`/api/guias-remision/${g.id}`)).estado).toBe('pendiente');
      expect((await fila('guia', g.id))?.estado).toMatch(/^(pendiente|enviando)$/);
    }
    expect(t.sunat.state.outage.snapshot().refused.gre).toBeGreaterThanOrEqual(2);

    t.sunat.outage({ down: false, services: ['gre'] });
    for (const g of guias) await guiaAceptada(g.id);
    // what the outage refused never reached SUNAT: one upload each
    for (const g of guias) expect(pedidos('greSend', g.nombre_xml)).toBe(1);
    for (const g of guias) await filaHecha('guia', g.id);
    await eventually(async () => {
      const [row] = await db.query(`SELECT caido_desde FROM servicios_sunat WHERE servicio = 'gre'`);
      return row && row.caido_desde === null ? true : undefined;
    }, 'servicio gre arriba');
  });
});
