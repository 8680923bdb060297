import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import {
  GUIA_ACEPTADA,
  LINEA_ADICION,
  LINEA_ANULACION,
  LOTE_ACEPTADO,
  LOTE_ERROR,
  LOTES_PENDIENTES,
  NOTA_ACEPTADA,
  NOTA_ANULADA,
  SUNAT_ACEPTADA,
  SUNAT_PENDIENTE,
  SUNAT_RECHAZADA,
  VENTA_ACTIVA,
  VENTA_ANULADA,
} from '../../src/common/estados';
import { horaLima, hoyLima } from '../../src/common/fecha';
import { IDEMPOTENCY_MSG } from '../../src/common/idempotency/idempotency.interceptor';
import { guiaPrivada } from '../../src/guias-remision/testing/guia-bodies';
import { ENVIO_ENVIANDO, ENVIO_HECHO, ENVIO_PENDIENTE } from '../../src/sunat/nest/envios/envio-tipos';
import { startSunatSimulator, SunatSimulator } from '../../src/sunat/simulator/sunat-simulator';
import { ApiClient, ApiResponse } from '../support/api-client';
import { createTestDatabase } from '../support/database';
import { nextDni, nextRuc } from '../support/factories';
import { ServiceProcess, startServiceProcess } from '../support/service-process';

// Two cold starts of the service, an outage, the claim window after a kill -9 and the shop's closing minute.
jest.setTimeout(25 * 60_000);

const CAJEROS = 16;
const ADMIN = { user: 'admin', password: 'admin-test-1234' };
/** How long any one wait of the day may take (generous: a loaded machine); never asserted as a duration. */
const PLAZO_MS = 8 * 60_000;
/** What the autopilot does by itself: this test never calls these routes. */
const RUTAS_DEL_PILOTO = /\/enviar$|\/api\/resumen-diario|consultar-ticket/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * A request's answer, or undefined when it got none (connection refused or cut). Not `instanceof Error`: node's own
 * errors come from another realm than jest's test context.
 */
const respuesta = (pedido: Promise<ApiResponse>): Promise<ApiResponse | undefined> =>
  pedido.then(
    (res) => res,
    () => undefined,
  );
const uno_a = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const texto = (r: ApiResponse) => `${r.status} ${r.body.toString('utf8').slice(0, 300)}`;
/** SUNAT's key of a document (RUC-tipo-serie-número), from its file name. */
const claveSunat = (nombreXml: string) => {
  const [ruc, tipo, serie, numero] = nombreXml.replace(/\.(xml|zip)$/, '').split('-');
  return `${ruc}-${tipo}-${serie}-${Number(numero)}`;
};
const sinExtension = (nombre: string) => nombre.replace(/\.(xml|zip)$/, '');

/** Polls `leer` until `listo` holds or the deadline passes; returns the last value (the caller asserts on it). */
async function hasta<T>(leer: () => Promise<T>, listo: (valor: T) => boolean, plazoMs = PLAZO_MS): Promise<T> {
  const fin = Date.now() + plazoMs;
  let valor = await leer();
  while (!listo(valor) && Date.now() < fin) {
    await sleep(500);
    valor = await leer();
  }
  return valor;
}

/** What the day left for the checks: counters for the coordinator, and every void the cashiers made. */
interface Dia {
  creados: number;
  /** Creates the killed process committed but never answered (found by the cashier after a 409 on the repeat). */
  sinRespuesta: number;
  anulaciones: Array<{ ruta: string; canal: 'RA' | 'RC' | 'local' }>;
  /** The SUNAT services the service had marked down while SUNAT was down. */
  caidos: string[];
}

/**
 * One cashier: its own user session of the company, over plain HTTP to the service's fixed address. Requests that
 * get no answer (the service killed and restarting) are repeated; creates carry an Idempotency-Key, so a repeat never
 * makes a second document, and one whose answer the kill took is looked up before it is asked anew.
 */
class Cajero {
  constructor(
    readonly nombre: string,
    private readonly api: ApiClient,
    private readonly dia: Dia,
  ) {}

  async leer(path: string): Promise<any> {
    const fin = Date.now() + PLAZO_MS;
    for (;;) {
      const res = await respuesta(this.api.get(path));
      if (res?.status === 200) return res.json.data;
      if (res && res.status < 500) throw new Error(`${this.nombre} GET ${path}: ${texto(res)}`);
      if (Date.now() > fin) throw new Error(`${this.nombre} GET ${path}: sin respuesta (${res ? texto(res) : 'conexión rechazada o cortada'})`);
      await sleep(500);
    }
  }

  async esperar(path: string, listo: (data: any) => boolean): Promise<any> {
    const fin = Date.now() + PLAZO_MS;
    for (;;) {
      const data = await this.leer(path);
      if (listo(data)) return data;
      if (Date.now() > fin) throw new Error(`${this.nombre}: ${path} no llegó al estado esperado: ${JSON.stringify(data).slice(0, 300)}`);
      await sleep(400);
    }
  }

  /** One keyed POST: the answer, or undefined when the connection was refused or cut. */
  private intento(path: string, body: unknown, clave: string): Promise<ApiResponse | undefined> {
    if (RUTAS_DEL_PILOTO.test(path)) throw new Error(`${path}: el piloto automático hace esto solo`);
    return respuesta(this.api.send('POST', path, body, { 'idempotency-key': clave }));
  }

  /**
   * A create, repeated with its Idempotency-Key until the service answers. A key the killed process held answers 409
   * ('en proceso' for five minutes, then 'ya efectuada' or free again): as the message says, the cashier looks the
   * document up (`buscar`) and takes it if the killed process committed it, or creates it anew with a new key.
   */
  async crear<T>(path: string, body: unknown, buscar: () => Promise<T | undefined>): Promise<T> {
    let clave = randomUUID();
    let cortada = false;
    const fin = Date.now() + PLAZO_MS;
    for (;;) {
      const res = await this.intento(path, body, clave);
      if (res?.status === 201) {
        this.dia.creados++;
        return res.json.data as T;
      }
      if (!res) cortada = true;
      else if (cortada && claveRetenida(res)) {
        const hallado = await buscar();
        if (hallado) {
          this.dia.creados++;
          this.dia.sinRespuesta++;
          return hallado;
        }
        clave = randomUUID();
        cortada = false;
      } else if (res.status !== 503) throw new Error(`${this.nombre} POST ${path}: ${texto(res)}`);
      if (Date.now() > fin) throw new Error(`${this.nombre} POST ${path}: sin respuesta`);
      await sleep(500);
    }
  }

  /**
   * POST …/anular until the service takes it (200, or 202 "pending with SUNAT"): a document being sent (409), SUNAT
   * unreachable (502), sends queued (503) or no answer at all are tried again a moment later. A void is idempotent
   * itself, so a key the killed process held is simply replaced.
   */
  async anular(ruta: string): Promise<void> {
    let clave = randomUUID();
    let cortada = false;
    const fin = Date.now() + PLAZO_MS;
    for (;;) {
      const res = await this.intento(`${ruta}/anular`, {}, clave);
      if (res && (res.status === 200 || res.status === 202) && res.json.success === true) {
        this.dia.anulaciones.push({ ruta, canal: res.json.canal ?? 'local' });
        return;
      }
      if (!res) cortada = true;
      else if (cortada && claveRetenida(res)) clave = randomUUID();
      else if (![409, 502, 503].includes(res.status)) throw new Error(`${this.nombre} anular ${ruta}: ${texto(res)}`);
      if (Date.now() > fin) throw new Error(`${this.nombre} anular ${ruta}: ${res ? texto(res) : 'sin respuesta'}`);
      await sleep(1000);
    }
  }
}

/** The 409s of a key whose request is unanswered: still running, or its process died (work committed or not). */
const claveRetenida = (res: ApiResponse) => res.status === 409 && [IDEMPOTENCY_MSG.enProceso, IDEMPOTENCY_MSG.efectuada].includes(res.json?.message);

const factura = () => ({
  tipo_documento: '01',
  cliente_documento: nextRuc(),
  cliente_datos: 'EMPRESA CLIENTE S.A.C.',
  productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
});
const boleta = () => ({
  tipo_documento: '03',
  cliente_documento: nextDni(),
  cliente_datos: 'CLIENTE BOLETA',
  productos: [{ descripcion: 'PRODUCTO DE PRUEBA', cantidad: 2, precio_unitario: 29.5 }],
});

/**
 * The issue's acceptance test: a day of a shop with envio_automatico and resumen_automatico on. 16 cashiers create
 * facturas, boletas, guides, credit and debit notes of accepted facturas, and voids (local, RA of facturas and notes,
 * RC of accepted boletas), while SUNAT goes down for part of the day and the service is killed with SIGKILL once in
 * the middle of its sends and restarted on the same database and storage. Nobody calls enviar, resumen-diario or
 * consultar-ticket. At the end every document is as SUNAT (the simulator) holds it, each boleta is in exactly one
 * accepted summary, every series is numbered without gaps and the queue is empty.
 */
describe('A day of a shop on autopilot: SUNAT down for a while, the service killed -9 once', () => {
  let sim: SunatSimulator;
  /** The test database, read by the checks and by cashiers looking up a document whose answer the kill took. */
  let db: Pool;
  let servicio: ServiceProcess;
  let env: NodeJS.ProcessEnv;
  let port: number;
  let admin: ApiClient;
  let empresaId: number;
  const cajeros: Cajero[] = [];
  const procesos: ServiceProcess[] = [];
  const storageDir = mkdtempSync(join(tmpdir(), 'dia-de-tienda-'));
  const dia: Dia = { creados: 0, sinRespuesta: 0, anulaciones: [], caidos: [] };
  /** What the coordinator saw, shown beside a failed check. */
  const bitacora: string[] = [];
  const anotar = (linea: string) => bitacora.push(`${new Date().toISOString()} ${linea}`);
  const registros = () => `${bitacora.join('\n')}\n${procesos.map((p) => `${p.name}:\n${p.child.output()}`).join('\n')}`;
  const sinProblemas = (problemas: string[]) => expect({ problemas, registros: problemas.length ? registros() : '' }).toEqual({ problemas: [], registros: '' });

  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, host: '127.0.0.1', ticketPolls: 1 });
    const databaseUrl = await createTestDatabase();
    db = new Pool({ connectionString: databaseUrl, max: 4 });
    env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DB_POOL_SIZE: '20',
      APP_KEY: randomBytes(32).toString('base64url'),
      ADMIN_USER: ADMIN.user,
      ADMIN_PASSWORD: ADMIN.password,
      BCRYPT_ROUNDS: '4',
      STORAGE_DIR: storageDir,
      SUNAT_SIMULATOR: 'off',
      SUNAT_ENDPOINTS_BASE: sim.url,
      SUNAT_GRE_CLIENT_ID: 'simulador-client-id',
      SUNAT_GRE_CLIENT_SECRET: 'simulador-client-secret',
      // a short claim window after the kill: 2 × timeout + 30 s + queue wait
      SUNAT_TIMEOUT_MS: '5000',
      SUNAT_SEND_QUEUE_WAIT_MS: '5000',
      AUTOSEND_WORKER: 'true',
      AUTOSEND_INTERVAL_MS: '200',
      AUTOSEND_BACKOFF_BASE_MS: '300',
      AUTOSEND_BACKOFF_MAX_MS: '3000',
      AUTOSEND_BREAKER_FAILURES: '3',
      AUTOSEND_BREAKER_PROBE_MS: '1000',
      AUTOSEND_SWEEP_MS: '2000',
      AUTOSEND_SUMMARY_CHECK_MS: '1000',
      TICKET_POLLER: 'true',
      TICKET_POLL_DELAY_SECONDS: '1',
      TICKET_POLL_INTERVAL_SECONDS: '1',
      TICKET_JOB_EXPIRE_SECONDS: '15',
      TICKET_MAINTENANCE_SECONDS: '5',
      TICKET_SWEEP_SECONDS: '3',
    };
    servicio = await startServiceProcess('servicio', env);
    procesos.push(servicio);
    port = Number(new URL(servicio.url).port);

    const anonimo = new ApiClient(servicio.url);
    const entrar = async (user: string, password: string) => {
      const res = await anonimo.send('POST', '/api/auth/login', { user, password });
      if (res.status !== 200) throw new Error(`login ${user}: ${texto(res)}`);
      return res.json.token as string;
    };
    admin = anonimo.withToken(await entrar(ADMIN.user, ADMIN.password));
    empresaId = (
      await admin.must(
        'POST',
        '/api/empresas',
        { ruc: nextRuc(), razon_social: 'BODEGA EL PILOTO S.A.C.', direccion: 'AV. PRUEBA 1', envio_automatico: true },
        201,
      )
    ).data.id_empresa;
    const rol = (await admin.must('POST', '/api/roles', { nombre: `cajero-${Date.now()}` }, 201)).data.rol_id;
    await admin.must('PUT', `/api/permissions/role/${rol}`, { permissions: ['ventas.view', 'ventas.create', 'ventas.delete'] }, 200);
    for (let i = 0; i < CAJEROS; i++) {
      const usuario = `cajero${i}_${Date.now()}`;
      await admin.must(
        'POST',
        '/api/usuarios',
        { usuario, name: `Cajero ${i}`, email: `${usuario}@test.pe`, password: 'clave-segura-1', rol_id: rol, id_empresa: empresaId },
        201,
      );
      cajeros.push(new Cajero(`cajero ${i}`, anonimo.withToken(await entrar(usuario, 'clave-segura-1')), dia));
    }
  }, 600_000);

  afterAll(async () => {
    for (const proceso of procesos) await proceso.child.stop(20_000);
    await sim?.close();
    await db?.end();
    rmSync(storageDir, { recursive: true, force: true });
  }, 120_000);

  const filas = async <T>(sql: string, params: unknown[] = [empresaId]): Promise<T[]> => (await db.query(sql, params)).rows as T[];

  /** Everything still on its way to SUNAT, as the database says; empty once the day has settled. */
  const enCamino = async (): Promise<string[]> => {
    const [r] = await filas<Record<string, number>>(
      `SELECT
         (SELECT count(*)::int FROM envios_sunat WHERE id_empresa = $1 AND estado IN ($2, $3)) AS cola,
         (SELECT count(*)::int FROM lotes_sunat WHERE id_empresa = $1 AND estado = ANY($4)) AS lotes,
         (SELECT count(*)::int FROM guias_remision WHERE id_empresa = $1 AND estado <> $5) AS guias,
         (SELECT count(*)::int FROM ventas WHERE id_empresa = $1 AND estado = $6 AND estado_sunat <> $7) AS ventas,
         (SELECT count(*)::int FROM notas_credito WHERE id_empresa = $1 AND (estado NOT IN ($8, $9) OR baja IS DISTINCT FROM NULL AND estado <> $9)) AS nc,
         (SELECT count(*)::int FROM notas_debito WHERE id_empresa = $1 AND (estado NOT IN ($8, $9) OR baja IS DISTINCT FROM NULL AND estado <> $9)) AS nd`,
      [empresaId, ENVIO_PENDIENTE, ENVIO_ENVIANDO, LOTES_PENDIENTES, GUIA_ACEPTADA, VENTA_ACTIVA, SUNAT_ACEPTADA, NOTA_ACEPTADA, NOTA_ANULADA],
    );
    return Object.entries(r)
      .filter(([, n]) => n > 0)
      .map(([que, n]) => `${que}: ${n}`);
  };

  /** Lookups of a document whose create answer the kill took, by what the cashier knows of it. */
  const primera = async <T>(sql: string, params: unknown[]): Promise<T | undefined> => (await filas<T>(sql, [empresaId, ...params]))[0];
  const venta = (c: Cajero, body: ReturnType<typeof factura>) =>
    c.crear<{ id_venta: number }>('/api/ventas', body, () =>
      primera(`SELECT v.id_venta FROM ventas v JOIN clientes c ON c.id_cliente = v.id_cliente WHERE v.id_empresa = $1 AND c.documento = $2`, [
        body.cliente_documento,
      ]),
    );
  const guia = (c: Cajero) => {
    const observaciones = `Entrega ${randomUUID()}`;
    return c.crear('/api/guias-remision', guiaPrivada({ observaciones }), () =>
      primera(`SELECT id FROM guias_remision WHERE id_empresa = $1 AND observaciones = $2`, [observaciones]),
    );
  };
  const nota = (c: Cajero, tabla: 'notas_credito' | 'notas_debito', body: { id_venta: number } & Record<string, unknown>) =>
    c.crear<{ id: number }>(`/api/${tabla.replace('_', '-')}`, body, () =>
      primera(`SELECT id FROM ${tabla} WHERE id_empresa = $1 AND id_venta = $2`, [body.id_venta]),
    );

  /**
   * One cashier's day: two facturas, two boletas and a guide at the counter; then a credit or debit note of its first
   * factura once SUNAT accepted it; some void a boleta never sent (local), a factura right after creating it (local
   * or RA, whatever it is by then), an accepted factura (RA) or their accepted note (RA).
   */
  const jornada = async (c: Cajero, i: number, motivos: { nc: number; nd: number }) => {
    const f1 = await venta(c, factura());
    await venta(c, boleta());
    await guia(c);
    const f2 = await venta(c, factura());
    if (i % 4 === 2) await c.anular(`/api/ventas/${f2.id_venta}`);
    const b2 = await venta(c, boleta());
    if (i % 4 === 0) await c.anular(`/api/ventas/${b2.id_venta}`);

    await c.esperar(`/api/ventas/${f1.id_venta}`, (v) => v.estado_sunat === SUNAT_ACEPTADA);
    const tabla = i % 2 === 0 ? 'notas_credito' : 'notas_debito';
    const n = await nota(
      c,
      tabla,
      tabla === 'notas_credito'
        ? { id_venta: f1.id_venta, motivo_id: motivos.nc, monto: 1.18 }
        : { id_venta: f1.id_venta, motivo_id: motivos.nd, monto_total: 11.8 },
    );
    if ([3, 6].includes(i % 8)) {
      const ruta = `/api/${tabla.replace('_', '-')}/${n.id}`;
      await c.esperar(ruta, (data) => data.estado === NOTA_ACEPTADA);
      await c.anular(ruta);
    }
    if (i % 4 === 1) {
      await c.esperar(`/api/ventas/${f2.id_venta}`, (v) => v.estado_sunat === SUNAT_ACEPTADA);
      await c.anular(`/api/ventas/${f2.id_venta}`);
    }
  };

  /**
   * The day's events besides the cashiers: SUNAT (both services) down after 16 creates, and back once 56 are made
   * and the service has marked both down; then, with sends held a moment at SUNAT (registered there, answer not yet
   * given, the breakers' probes among them), kill -9 and a restart at the same address on the same database, storage
   * and APP_KEY.
   */
  const sucesos = async (terminaron: () => boolean) => {
    const llegar = (n: number) =>
      hasta(
        async () => dia.creados,
        (c) => c >= n || terminaron(),
      );
    await llegar(16);
    sim.outage({ down: true });
    anotar(`SUNAT caído (soap y gre) tras ${dia.creados} documentos`);
    // down long enough for the sender's breaker to mark both services down (GET /api/sunat/estado's source)
    const caidos = await hasta(
      async () => {
        const rows = await filas<{ servicio: string }>(`SELECT servicio FROM servicios_sunat WHERE caido_desde IS NOT NULL ORDER BY servicio`, []);
        return { creados: dia.creados, caidos: rows.map((r) => r.servicio) };
      },
      (v) => (v.creados >= 56 && v.caidos.length === 2) || terminaron(),
    );
    dia.caidos = caidos.caidos;
    // the next sends are registered by SUNAT and answered 4 s later: the kill lands in the middle of them
    const retenidos = [
      ...Array.from({ length: 3 }, () => ({ operation: 'sendBill' as const, action: 'delay' as const, ms: 4000 })),
      { operation: 'greSend' as const, action: 'delay' as const, ms: 4000 },
    ];
    sim.next(retenidos);
    sim.outage({ down: false });
    anotar(`SUNAT de vuelta tras ${dia.creados} documentos`);
    const enVuelo = await hasta(
      async () => {
        const [{ n }] = await filas<{ n: number }>(`SELECT count(*)::int AS n FROM envios_sunat WHERE id_empresa = $1 AND estado = $2`, [
          empresaId,
          ENVIO_ENVIANDO,
        ]);
        return { retenidos: retenidos.length - sim.state.control.pending().length, sim: sim.state.inFlight, enviando: n };
      },
      (v) => v.retenidos > 0 && v.sim > 0 && v.enviando > 0,
      120_000,
    );
    await servicio.child.kill('SIGKILL');
    anotar(`kill -9 con ${JSON.stringify(enVuelo)}, ${dia.creados} documentos creados`);
    expect(servicio.child.process.signalCode).toBe('SIGKILL');
    servicio = await startServiceProcess('servicio (tras kill -9)', env, 240_000, port);
    procesos.push(servicio);
    anotar(`servicio de nuevo en pie, ${dia.creados} documentos creados`);
    return enVuelo;
  };

  /** The next Lima minute (the shop's closing time); one that would be tomorrow's is waited out first. */
  const horaDeCierre = async (): Promise<string> => {
    for (;;) {
      const ahora = new Date();
      const siguiente = new Date(Math.floor(ahora.getTime() / 60_000) * 60_000 + 60_000);
      if (hoyLima(siguiente) === hoyLima(ahora)) return horaLima(siguiente).slice(0, 5);
      await sleep(siguiente.getTime() - ahora.getTime() + 1000);
    }
  };

  it('the day: 16 cashiers sell, note and void while SUNAT goes down and back and the service is killed -9 and restarted; the summary runs at closing time', async () => {
    const motivo = async (ruta: string, codigo: string) =>
      ((await cajeros[0].leer(`/api/${ruta}/motivos`)) as Array<{ id: number; codigo_sunat: string }>).find((m) => m.codigo_sunat === codigo)!.id;
    const motivos = { nc: await motivo('notas-credito', '04'), nd: await motivo('notas-debito', '01') };

    let terminados = 0;
    const jornadas = Promise.allSettled(cajeros.map((c, i) => jornada(c, i, motivos).finally(() => terminados++)));
    const [resultados, enVuelo] = await Promise.all([jornadas, sucesos(() => terminados === CAJEROS)]);
    sinProblemas(resultados.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason?.stack ?? r.reason)));
    expect(enVuelo.enviando).toBeGreaterThan(0);
    expect(procesos).toHaveLength(2);

    // closing time: the boletas of the day (all created by now) go in the automatic summary
    const cierre = await horaDeCierre();
    await admin.must('POST', `/api/empresas/${empresaId}`, { resumen_automatico: cierre }, 201);
    anotar(`resumen_automatico a las ${cierre}`);
    const boletasSinResumir = () =>
      filas<{ n: number }>(`SELECT count(*)::int AS n FROM ventas WHERE id_empresa = $1 AND tipo_documento = '03' AND estado = $2 AND estado_sunat <> $3`, [
        empresaId,
        VENTA_ACTIVA,
        SUNAT_ACEPTADA,
      ]).then((r) => r[0].n);
    const sinResumir = await hasta(boletasSinResumir, (n) => n === 0);
    sinProblemas(sinResumir ? [`${sinResumir} boleta(s) vigentes sin aceptar tras el resumen automático`] : []);

    // two customers bring back what they bought: their accepted boletas are voided (an RC line with status 3)
    const devueltas = await filas<{ id_venta: number }>(
      `SELECT id_venta FROM ventas WHERE id_empresa = $1 AND tipo_documento = '03' AND estado = $2 ORDER BY id_venta LIMIT 2`,
      [empresaId, VENTA_ACTIVA],
    );
    await Promise.all(devueltas.map((b, i) => cajeros[5 + 4 * i].anular(`/api/ventas/${b.id_venta}`)));

    sinProblemas(await hasta(enCamino, (quedan) => quedan.length === 0));
    anotar(`día asentado: ${dia.creados} documentos (${dia.sinRespuesta} sin respuesta por el kill), ${dia.anulaciones.length} anulaciones`);
  });

  it('every factura, note and guide is in the state SUNAT holds it in; SUNAT holds nothing the service does not know of', async () => {
    const registrados = sim.state.documents;
    const problemas: string[] = [];
    const conocidos = new Set<string>();
    const ventas = await filas<{ id_venta: number; nombre_xml: string; estado: string; estado_sunat: string }>(
      `SELECT id_venta, nombre_xml, estado, estado_sunat FROM ventas WHERE id_empresa = $1 AND tipo_documento = '01'`,
    );
    for (const v of ventas) {
      const clave = claveSunat(v.nombre_xml);
      conocidos.add(clave);
      const r = registrados.get(clave);
      const enSunat = !r ? 'ausente' : !r.accepted ? 'rechazada' : r.voided ? 'anulada' : 'aceptada';
      const aqui =
        v.estado === VENTA_ACTIVA && v.estado_sunat === SUNAT_ACEPTADA
          ? 'aceptada'
          : v.estado === VENTA_ANULADA
            ? ({ [SUNAT_RECHAZADA]: 'anulada', [SUNAT_PENDIENTE]: 'ausente' }[v.estado_sunat] ?? '?')
            : '?';
      if (aqui !== enSunat) problemas.push(`${clave}: estado ${v.estado}/${v.estado_sunat}, en SUNAT ${enSunat}`);
    }
    for (const tabla of ['notas_credito', 'notas_debito']) {
      for (const n of await filas<{ nombre_xml: string; estado: string; baja: string | null }>(
        `SELECT nombre_xml, estado, baja FROM ${tabla} WHERE id_empresa = $1`,
      )) {
        const clave = claveSunat(n.nombre_xml);
        conocidos.add(clave);
        const r = registrados.get(clave);
        const enSunat = !r ? 'ausente' : !r.accepted ? 'rechazada' : r.voided ? NOTA_ANULADA : NOTA_ACEPTADA;
        if (n.estado !== enSunat) problemas.push(`${clave}: ${n.estado} (baja ${n.baja}), en SUNAT ${enSunat}`);
      }
    }
    const guias = await filas<{ nombre_xml: string; estado: string }>(`SELECT nombre_xml, estado FROM guias_remision WHERE id_empresa = $1`);
    for (const g of guias) {
      const clave = claveSunat(g.nombre_xml);
      conocidos.add(clave);
      const r = registrados.get(clave);
      if (g.estado !== GUIA_ACEPTADA || !r?.accepted)
        problemas.push(`${clave}: ${g.estado}, en SUNAT ${r ? (r.accepted ? 'aceptada' : 'rechazada') : 'ausente'}`);
    }
    for (const clave of registrados.keys()) if (!conocidos.has(clave)) problemas.push(`${clave}: SUNAT lo tiene y el servicio no`);
    sinProblemas(problemas);

    // every void a cashier made ended as its channel says: local ones never reached SUNAT, RA ones voided there
    expect(dia.anulaciones.filter((a) => a.canal === 'RC')).toHaveLength(2);
    for (const a of dia.anulaciones.filter((x) => x.canal !== 'RC')) {
      const doc = await cajeros[0].leer(a.ruta);
      const r = registrados.get(claveSunat(doc.nombre_xml));
      if (a.canal === 'local')
        expect({ ruta: a.ruta, estado: doc.estado, estado_sunat: doc.estado_sunat, enSunat: Boolean(r) }).toEqual({
          ruta: a.ruta,
          estado: VENTA_ANULADA,
          estado_sunat: SUNAT_PENDIENTE,
          enSunat: false,
        });
      else expect({ ruta: a.ruta, anulada: r?.voided === true }).toEqual({ ruta: a.ruta, anulada: true });
    }
    // at least the four facturas voided once accepted and the four notes went by RA
    expect(dia.anulaciones.filter((a) => a.canal === 'RA').length).toBeGreaterThanOrEqual(8);
    expect(dia.anulaciones.filter((a) => a.canal === 'local').length).toBeGreaterThanOrEqual(4);
  });

  it('every boleta is in exactly one accepted summary (a voided one also in the accepted RC that voids it); SUNAT holds the same', async () => {
    const boletas = await filas<{ id_venta: number; nombre_xml: string; estado: string; estado_sunat: string }>(
      `SELECT id_venta, nombre_xml, estado, estado_sunat FROM ventas WHERE id_empresa = $1 AND tipo_documento = '03' ORDER BY id_venta`,
    );
    const items = await filas<{ id_venta: number; estado: string; estado_linea: string; nombre_archivo: string; id_usuario: number | null }>(
      `SELECT i.id_venta, l.estado, i.estado_linea, l.nombre_archivo, l.id_usuario FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote
        WHERE l.id_empresa = $1 AND l.tipo = 'RC' ORDER BY l.id`,
    );
    const problemas: string[] = [];
    const cuenta = { vigentes: 0, anuladasPorRc: 0, anuladasLocal: 0 };
    for (const b of boletas) {
      const clave = claveSunat(b.nombre_xml);
      const suyos = items.filter((i) => i.id_venta === b.id_venta);
      const aceptados = suyos.filter((i) => i.estado === LOTE_ACEPTADO);
      const otros = suyos.filter((i) => i.estado !== LOTE_ACEPTADO && i.estado !== LOTE_ERROR);
      const enSunat = sim.state.summarized.get(clave);
      const lineas = aceptados.map((i) => i.estado_linea).sort();
      const archivos = aceptados.map((i) => sinExtension(i.nombre_archivo)).sort();
      const esperado =
        b.estado === VENTA_ACTIVA
          ? { estado_sunat: SUNAT_ACEPTADA, lineas: [LINEA_ADICION], sunat: 'accepted' }
          : b.estado_sunat === SUNAT_RECHAZADA
            ? { estado_sunat: SUNAT_RECHAZADA, lineas: [LINEA_ADICION, LINEA_ANULACION], sunat: 'voided' }
            : { estado_sunat: SUNAT_PENDIENTE, lineas: [], sunat: undefined };
      const visto = { estado_sunat: b.estado_sunat, lineas, sunat: enSunat?.state };
      if (JSON.stringify(visto) !== JSON.stringify(esperado))
        problemas.push(`${clave} (${b.estado}): ${JSON.stringify(visto)}, se esperaba ${JSON.stringify(esperado)}`);
      if (otros.length) problemas.push(`${clave}: en lotes sin cerrar ${JSON.stringify(otros)}`);
      // the summaries SUNAT received with a line for it are exactly its accepted ones
      const recibidos = [...(enSunat?.summaries ?? [])].map(sinExtension).sort();
      if (JSON.stringify(recibidos) !== JSON.stringify(archivos))
        problemas.push(`${clave}: SUNAT recibió ${recibidos.join(', ')}; aceptados aquí ${archivos.join(', ')}`);
      if (b.estado === VENTA_ACTIVA) cuenta.vigentes++;
      else if (b.estado_sunat === SUNAT_RECHAZADA) cuenta.anuladasPorRc++;
      else cuenta.anuladasLocal++;
    }
    sinProblemas(problemas);
    expect(cuenta).toEqual({ vigentes: 2 * CAJEROS - 4 - 2, anuladasPorRc: 2, anuladasLocal: 4 });
    // the day's boletas went in summaries the service made by itself (no user)
    const automaticos = items.filter((i) => i.estado === LOTE_ACEPTADO && i.estado_linea === LINEA_ADICION);
    expect(automaticos.every((i) => i.id_usuario === null)).toBe(true);
  });

  it('every series is numbered 1..n without gaps, with as many numbers as documents the cashiers created', async () => {
    const series = await filas<{ tabla: string; serie: string; numeros: number[] }>(
      `SELECT 'ventas' AS tabla, serie, array_agg(numero ORDER BY numero) AS numeros FROM ventas WHERE id_empresa = $1 GROUP BY serie
       UNION ALL SELECT 'notas_credito', serie, array_agg(numero ORDER BY numero) FROM notas_credito WHERE id_empresa = $1 GROUP BY serie
       UNION ALL SELECT 'notas_debito', serie, array_agg(numero ORDER BY numero) FROM notas_debito WHERE id_empresa = $1 GROUP BY serie
       UNION ALL SELECT 'guias_remision', serie, array_agg(numero ORDER BY numero) FROM guias_remision WHERE id_empresa = $1 GROUP BY serie
       ORDER BY 1, 2`,
    );
    const vistas = series.map((s) => ({ tabla: s.tabla, serie: s.serie, numeros: s.numeros }));
    const esperadas = (
      [
        ['guias_remision', 'T001', CAJEROS],
        ['notas_credito', 'FC01', CAJEROS / 2],
        ['notas_debito', 'FD01', CAJEROS / 2],
        ['ventas', 'B001', 2 * CAJEROS],
        ['ventas', 'F001', 2 * CAJEROS],
      ] as const
    ).map(([tabla, serie, n]) => ({ tabla, serie, numeros: uno_a(n) }));
    expect(vistas).toEqual(esperadas);
    expect(dia.creados).toBe(5 * CAJEROS + CAJEROS);
  });

  it('the queue is empty: every document sent by itself once ("hecho"), nothing failed; GET /api/sunat/estado agrees', async () => {
    const cola = await filas<{ tipo: string; estado: string; n: number }>(
      `SELECT tipo, estado, count(*)::int AS n FROM envios_sunat WHERE id_empresa = $1 GROUP BY tipo, estado ORDER BY tipo, estado`,
    );
    expect(cola).toEqual([
      { tipo: 'guia', estado: ENVIO_HECHO, n: CAJEROS },
      { tipo: 'nc', estado: ENVIO_HECHO, n: CAJEROS / 2 },
      { tipo: 'nd', estado: ENVIO_HECHO, n: CAJEROS / 2 },
      { tipo: 'venta', estado: ENVIO_HECHO, n: 2 * CAJEROS },
    ]);
    const estado = await cajeros[0].leer('/api/sunat/estado');
    expect(estado).toMatchObject({
      servicios: expect.arrayContaining([
        expect.objectContaining({ servicio: 'soap', disponible: true }),
        expect.objectContaining({ servicio: 'gre', disponible: true }),
      ]),
      en_espera: { total: 0, mas_antiguo: null },
      fallidos: 0,
    });
    // SUNAT was really down for a while: the service marked both services down and the simulator refused requests of both
    expect(dia.caidos).toEqual(['gre', 'soap']);
    const { refused } = sim.state.outage.snapshot();
    expect(Math.min(refused.soap, refused.gre)).toBeGreaterThan(0);
  });
});
