import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { hoyLima, sumarDias } from '../../src/common/fecha';
import { ConciliacionesService } from '../../src/conciliaciones/conciliaciones.service';
import { ORIGEN_CONCILIACION } from '../../src/conciliaciones/conciliacion-reparaciones';
import { startSunatSimulator, SunatSimulator } from '../../src/sunat/simulator/sunat-simulator';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createFacturaAceptada, createUserSession, createVenta } from '../support/factories';

const BETA_RUC = '20000000001';

/**
 * Reconciliation with SUNAT against the simulator made to differ from our records in each way the validity check can
 * show: the report lists every difference with its action, the safe ones are repaired and recorded on the document,
 * the rest are left as they were. The check is cut after its first page and the app closed; a new app on the same
 * database (its background worker on) resumes it from the saved cursor, asking SUNAT about no document twice.
 */
describe('POST/GET /api/conciliaciones: our records against SUNAT', () => {
  let sunat: SunatSimulator;
  let t: TestApp;
  let user: Session;
  let sinPermiso: Session;
  const hoy = hoyLima();
  const storageDir = mkdtempSync(join(tmpdir(), 'conciliacion-storage-'));
  const previousWorker = process.env.AUTOSEND_WORKER;
  const previousDiaria = process.env.CONCILIACION_DIARIA;

  const appEnv = () => ({
    SUNAT_SIMULATOR: 'off',
    SUNAT_ENDPOINTS_BASE: sunat.url,
    SUNAT_GRE_CLIENT_ID: 'simulador-client-id',
    SUNAT_GRE_CLIENT_SECRET: 'simulador-client-secret',
    SUNAT_TIMEOUT_MS: '30000',
    STORAGE_DIR: storageDir,
  });

  beforeAll(async () => {
    sunat = await startSunatSimulator({ port: 0, host: '127.0.0.1', ticketPolls: 0 });
    t = await createTestApp({ ...appEnv(), AUTOSEND_WORKER: 'false' });
    const admin = await login(t);
    const empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete', 'reportes.view']);
    sinPermiso = await createUserSession(t, admin, empresaId, ['ventas.view']);
  });
  afterAll(async () => {
    await t.app.close();
    await sunat.close();
    rmSync(storageDir, { recursive: true, force: true });
    process.env.AUTOSEND_WORKER = previousWorker;
    process.env.CONCILIACION_DIARIA = previousDiaria;
  });

  const post = (s: Session, body: object) => request(t.http).post('/api/conciliaciones').set(bearer(s.token)).send(body);
  const get = (id: number) => request(t.http).get(`/api/conciliaciones/${id}`).set(bearer(user.token));
  const override = (doc: { serie: string; numero: number; tipo_documento: string }, body: object) =>
    sunat.state.validez.apply({ ruc: BETA_RUC, tipo: doc.tipo_documento, serie: doc.serie, numero: doc.numero, ...body });
  type Fila = { estado: string; estado_sunat: string; observaciones: string[]; cdr_url: string | null; mensaje_sunat: string | null };
  const venta = async (id: number): Promise<Fila> =>
    (await t.dataSource.query('SELECT estado, estado_sunat, observaciones, cdr_url, mensaje_sunat FROM ventas WHERE id_venta = $1', [id]))[0];
  const validezDe = (doc: { serie: string; numero: number; tipo_documento: string }) =>
    sunat.state.requests.filter((r) => r.operation === 'validez' && r.subject === `${BETA_RUC}-${doc.tipo_documento}-${doc.serie}-${doc.numero}`).length;
  async function esperar<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
    const hasta = Date.now() + ms;
    for (;;) {
      const value = await fn();
      if (value) return value;
      if (Date.now() > hasta) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('refuses a bad range with 422, and a user without reportes.view with 403', async () => {
    expect((await post(user, { desde: '2025-03-10', hasta: '2025-03-09' })).status).toBe(422);
    expect((await post(user, { desde: '2025-01-01', hasta: '2025-02-01' })).status).toBe(422);
    expect((await post(user, { desde: '2025-02-30', hasta: '2025-03-01' })).status).toBe(422);
    expect((await post(user, { desde: '10/03/2025', hasta: '2025-03-11' })).status).toBe(422);
    expect((await post(sinPermiso, { desde: hoy, hasta: hoy })).status).toBe(403);
    expect((await get(999_999)).status).toBe(404);
  });

  it('lists each difference with its action, repairs the safe ones with a trace, leaves the rest; a restart resumes from the cursor', async () => {
    const igual = await createFacturaAceptada(t, user);
    // SUNAT accepted it, our record says pending (the answer was lost)
    const perdida = await createFacturaAceptada(t, user);
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '0', cdr_url = NULL WHERE id_venta = $1`, [perdida.id_venta]);
    // never sent, still within its 3 days
    const noEnviada = await createFactura(t, user);
    // SUNAT holds it voided
    const anulada = await createFacturaAceptada(t, user);
    override(anulada, { estado: 'anulado' });
    // SUNAT holds other amounts
    const otroMonto = await createFacturaAceptada(t, user);
    override(otroMonto, { monto: '1.00' });
    // accepted at SUNAT, rejected in our records
    const rechazada = await createFacturaAceptada(t, user);
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '2' WHERE id_venta = $1`, [rechazada.id_venta]);
    // accepted in our records, SUNAT never got it
    const desconocida = await createFacturaAceptada(t, user);
    override(desconocida, { estado: 'no_existe' });
    // a boleta never summarised, within the summary's 7 days
    const boleta = await createVenta(t, user);
    // a credit note never sent (its factura accepted): SUNAT never got it
    const motivos = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(user.token))).body.data as Array<{ id: number; codigo_sunat: string }>;
    const conNota = await createFacturaAceptada(t, user);
    const nc = await request(t.http)
      .post('/api/notas-credito')
      .set(bearer(user.token))
      .send({ id_venta: conNota.id_venta, motivo_id: motivos.find((m) => m.codigo_sunat === '01')!.id });
    expect(nc.status).toBe(201);
    const nota = { id: nc.body.data.id as number, serie: nc.body.data.serie as string, numero: nc.body.data.numero as number };
    // outside the range: never asked about
    const fuera = await createFactura(t, user, { fecha_emision: sumarDias(hoy, -1) });

    const creada = await post(user, { desde: hoy, hasta: hoy });
    expect(creada.status).toBe(201);
    expect(creada.body.data).toMatchObject({ estado: 'en_curso', desde: hoy, hasta: hoy, diferencias: [] });
    const id: number = creada.body.data.id;

    // first page of three by hand (this app's worker is off), then the app goes away mid-check
    expect(await t.app.get(ConciliacionesService).procesarPagina(id, 3)).toBe('sigue');
    const aMitad = (await get(id)).body.data;
    expect(aMitad).toMatchObject({ estado: 'en_curso', progreso: { fase: 'venta', revisados: 3 } });
    const databaseUrl = (t.dataSource.options as { url: string }).url;
    await t.app.close();

    // the restarted app also runs the daily job: yesterday's documents, with no user
    t = await createTestApp({ ...appEnv(), AUTOSEND_WORKER: 'true', AUTOSEND_INTERVAL_MS: '100', CONCILIACION_DIARIA: 'true' }, { databaseUrl });
    const fin = await esperar('the reconciliation to end', async () => {
      const data = (await get(id)).body.data;
      return data?.estado === 'terminada' ? data : null;
    });

    const docs = [igual, perdida, noEnviada, anulada, otroMonto, rechazada, desconocida, boleta, conNota];
    // every document asked about exactly once across both apps: the second one resumed after the first page
    expect(docs.map(validezDe)).toEqual(docs.map(() => 1));
    expect(fin.diferencias.map((d: { numero_completo: string }) => d.numero_completo)).not.toContain(fuera.numero_completo);

    const por = (d: { numero_completo: string }) => fin.diferencias.find((x: { numero_completo: string }) => x.numero_completo === d.numero_completo);
    expect(por(igual)).toBeUndefined();
    expect(por(perdida)).toMatchObject({ tipo: 'venta', estado_nuestro: 'pendiente', estado_sunat: 'aceptado', accion: 'marcar_aceptado', reparado: true });
    expect(por(noEnviada)).toMatchObject({ estado_nuestro: 'pendiente', estado_sunat: 'no_existe', accion: 'reenviar', reparado: true });
    expect(por(anulada)).toMatchObject({ estado_nuestro: 'aceptado', estado_sunat: 'anulado', accion: 'marcar_anulado', reparado: false });
    expect(por(otroMonto)).toMatchObject({ estado_nuestro: 'aceptado', estado_sunat: 'aceptado', accion: 'revisar', reparado: false });
    expect(por(otroMonto).detalle).toContain('importe');
    expect(por(rechazada)).toMatchObject({ estado_nuestro: 'rechazado', estado_sunat: 'aceptado', accion: 'revisar', reparado: false });
    expect(por(desconocida)).toMatchObject({ estado_nuestro: 'aceptado', estado_sunat: 'no_existe', accion: 'revisar', reparado: false });
    expect(por(boleta)).toMatchObject({ tipo_comprobante: '03', estado_nuestro: 'pendiente', estado_sunat: 'no_existe', accion: 'resumir', reparado: true });
    expect(validezDe({ tipo_documento: '07', serie: nota.serie, numero: nota.numero })).toBe(1);
    expect(fin.diferencias.find((d: { tipo: string }) => d.tipo === 'nc')).toMatchObject({
      id_documento: nota.id,
      tipo_comprobante: '07',
      numero_completo: `${nota.serie}-${nota.numero}`,
      estado_nuestro: 'pendiente',
      estado_sunat: 'no_existe',
      accion: 'reenviar',
      reparado: true,
    });
    expect(fin.diferencias).toHaveLength(8);
    expect(fin.totales).toEqual({ revisados: 10, diferencias: 8, reparados: 4, sin_respuesta: 0 });
    // one conciliacion.diferencia event per difference, for the webhooks, even across the restart
    const eventos = await t.dataSource.query(`SELECT data FROM eventos WHERE tipo = 'conciliacion.diferencia' AND id_recurso = $1`, [String(id)]);
    expect(eventos).toHaveLength(8);
    expect(eventos.map((e: { data: { documento: { numero_completo: string } } }) => e.data.documento.numero_completo).sort()).toEqual(
      fin.diferencias.map((d: { numero_completo: string }) => d.numero_completo).sort(),
    );
    const [encolada] = await t.dataSource.query(`SELECT observaciones FROM notas_credito WHERE id = $1`, [nota.id]);
    expect(encolada.observaciones.join(' ')).toContain(ORIGEN_CONCILIACION);

    // the safe repairs, recorded on the document with their source
    const aceptada = await venta(perdida.id_venta);
    expect(aceptada).toMatchObject({ estado_sunat: '1', cdr_url: `/api/ventas/${perdida.id_venta}/cdr` });
    expect(aceptada.observaciones.join(' ')).toContain(ORIGEN_CONCILIACION);
    expect((await venta(noEnviada.id_venta)).observaciones.join(' ')).toContain(ORIGEN_CONCILIACION);
    // queued, and the background sender sent it
    await esperar('the queued factura to be accepted', async () => (await venta(noEnviada.id_venta)).estado_sunat === '1');
    const resumida = await venta(boleta.id_venta);
    expect(['1', '3']).toContain(resumida.estado_sunat);
    expect(resumida.observaciones.join(' ')).toContain(ORIGEN_CONCILIACION);
    expect(sunat.state.summarized.get(`${BETA_RUC}-03-${boleta.serie}-${boleta.numero}`)?.summaries).toHaveLength(1);

    // the rest untouched
    expect(await venta(anulada.id_venta)).toMatchObject({ estado: '1', estado_sunat: '1' });
    expect(await venta(otroMonto.id_venta)).toMatchObject({ estado_sunat: '1' });
    expect(await venta(rechazada.id_venta)).toMatchObject({ estado_sunat: '2' });
    expect(await venta(desconocida.id_venta)).toMatchObject({ estado_sunat: '1' });
    for (const d of [anulada, otroMonto, rechazada, desconocida]) {
      expect((await venta(d.id_venta)).observaciones.join(' ')).not.toContain(ORIGEN_CONCILIACION);
    }

    // the daily job's check of yesterday: once per company and day, and it found the factura dated yesterday
    const diarias: Array<{ id: number }> = await t.dataSource.query(
      'SELECT id FROM conciliaciones WHERE id_usuario IS NULL AND desde = $1 AND hasta = $1 AND id_empresa = (SELECT id_empresa FROM ventas WHERE id_venta = $2)',
      [sumarDias(hoy, -1), fuera.id_venta],
    );
    expect(diarias).toHaveLength(1);
    const diaria = await esperar('the daily check to end', async () => {
      const data = (await get(diarias[0].id)).body.data;
      return data?.estado === 'terminada' ? data : null;
    });
    expect(diaria.diferencias).toEqual([
      expect.objectContaining({ numero_completo: fuera.numero_completo, estado_sunat: 'no_existe', accion: 'reenviar', reparado: true }),
    ]);
    expect(validezDe(fuera)).toBe(1);
  });
});
