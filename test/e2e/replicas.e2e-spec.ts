import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { GUIA_ACEPTADA, LOTE_ACEPTADO, LOTE_RECHAZADO, NOTA_ACEPTADA, SUNAT_ACEPTADA, SUNAT_RECHAZADA, VENTA_ANULADA } from '../../src/common/estados';
import { hoyLima } from '../../src/common/fecha';
import { guiaPrivada } from '../../src/guias-remision/testing/guia-bodies';
import { readCdr } from '../../src/sunat/cdr/cdr-reader';
import { startSunatSimulator, SunatSimulator } from '../../src/sunat/simulator/sunat-simulator';
import { xmlEntries } from '../../src/sunat/zip/zip';
import { ApiClient, ApiResponse } from '../support/api-client';
import { createTestDatabase } from '../support/database';
import { nextDni, nextRuc } from '../support/factories';
import { RoundRobinProxy } from '../support/round-robin-proxy';
import { ServiceProcess, startServiceProcess } from '../support/service-process';
import { SunatForwarder, TICKET_QUERY } from '../support/sunat-forwarder';

// Each step moves 50 documents of a kind through two processes on a loaded machine; the kill waits on pg-boss expiry.
jest.setTimeout(300_000);

const N = 50;
const ADMIN = { user: 'admin', password: 'admin-test-1234' };
const LOTE_FINAL = [LOTE_ACEPTADO, LOTE_RECHAZADO] as string[];

/** 1..n */
const uno_a = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Polls `read` until `done` holds or the (generous) deadline passes; returns the last value for the assertion. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    value = await read();
  }
  return value;
}

/** Runs `task(i)` for every i < count at `concurrency` at a time. */
async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

interface Documento {
  id: number;
  serie: string;
  numero: number;
}

/**
 * Issue 20, "What it must show": two service processes (shared nothing but PostgreSQL) behind a round-robin proxy.
 * 50 parallel creates of every numbered document through both; an RC and an RA whose ticket queries are in flight
 * in both replicas when replica A is killed with SIGKILL, finished by replica B's poller (A's pg-boss job expires
 * and is retried there); then every file of every document downloaded from replica B alone.
 */
describe('Shared-nothing replicas: two service processes, one killed mid-flow', () => {
  let sim: SunatSimulator;
  let db: Client;
  let sunatA: SunatForwarder;
  let sunatB: SunatForwarder;
  let a: ServiceProcess;
  let b: ServiceProcess;
  let proxy: RoundRobinProxy;
  /** The issuing user's client through the proxy. */
  let api: ApiClient;
  let token: string;
  let empresaId: number;
  const replicas: ServiceProcess[] = [];
  const storageDirs = [mkdtempSync(join(tmpdir(), 'replica-a-')), mkdtempSync(join(tmpdir(), 'replica-b-'))];

  const docs = {
    facturas: [] as Array<Documento & { nombre_xml: string }>,
    boletas: [] as Documento[],
    guias: [] as Documento[],
    notasCredito: [] as Documento[],
    notasDebito: [] as Documento[],
  };
  const lotes: Record<'RC' | 'RA', { ticket: string; nombre: string }> = {} as never;

  const numeros = async (tabla: string, serie: string): Promise<number[]> =>
    (await db.query(`SELECT numero FROM ${tabla} WHERE id_empresa = $1 AND serie = $2 ORDER BY numero`, [empresaId, serie])).rows.map((r) => r.numero);

  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, host: '127.0.0.1', ticketPolls: 0 });
    const databaseUrl = await createTestDatabase();
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    [sunatA, sunatB] = await Promise.all([SunatForwarder.start(sim.url), SunatForwarder.start(sim.url)]);

    // What two replicas of one deployment share: the database and APP_KEY (secrets at rest), nothing on disk.
    const shared: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DB_POOL_SIZE: '10',
      APP_KEY: randomBytes(32).toString('base64url'),
      ADMIN_USER: ADMIN.user,
      ADMIN_PASSWORD: ADMIN.password,
      BCRYPT_ROUNDS: '4',
      STORAGE_DRIVER: 'postgres',
      SUNAT_SIMULATOR: 'off',
      SUNAT_GRE_CLIENT_ID: 'simulador-client-id',
      SUNAT_GRE_CLIENT_SECRET: 'simulador-client-secret',
      SUNAT_TIMEOUT_MS: '30000',
      TICKET_POLLER: 'true',
      TICKET_POLL_DELAY_SECONDS: '1',
      TICKET_POLL_INTERVAL_SECONDS: '1',
      // One ticket per fetch: with every ticket query held, each replica's worker takes exactly one ticket.
      TICKET_POLL_BATCH: '1',
      TICKET_JOB_EXPIRE_SECONDS: '10',
      TICKET_MAINTENANCE_SECONDS: '5',
    };
    const started = await Promise.allSettled([
      startServiceProcess('replica A', { ...shared, SUNAT_ENDPOINTS_BASE: sunatA.url, STORAGE_DIR: storageDirs[0] }),
      startServiceProcess('replica B', { ...shared, SUNAT_ENDPOINTS_BASE: sunatB.url, STORAGE_DIR: storageDirs[1] }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') replicas.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    [a, b] = replicas;
    proxy = await RoundRobinProxy.start([a.url, b.url]);

    const anonymous = new ApiClient(proxy.url);
    const login = async (user: string, password: string) => {
      const res = await anonymous.send('POST', '/api/auth/login', { user, password });
      if (res.status !== 200) throw new Error(`login ${user}: ${res.status} ${res.body.toString('utf8')}`);
      return res.json.token as string;
    };
    const admin = anonymous.withToken(await login(ADMIN.user, ADMIN.password));
    empresaId = (await admin.must('POST', '/api/empresas', { ruc: nextRuc(), razon_social: 'EMPRESA RÉPLICAS S.A.C.', direccion: 'AV. PRUEBA 1' }, 201)).data
      .id_empresa;
    const rol = (await admin.must('POST', '/api/roles', { nombre: `replicas-${Date.now()}` }, 201)).data.rol_id;
    await admin.must('PUT', `/api/permissions/role/${rol}`, { permissions: ['ventas.view', 'ventas.create', 'ventas.delete'] }, 200);
    const usuario = `replicas_${Date.now()}`;
    await admin.must(
      'POST',
      '/api/usuarios',
      { usuario, name: 'Réplicas', email: `${usuario}@test.pe`, password: 'clave-segura-1', rol_id: rol, id_empresa: empresaId },
      201,
    );
    token = await login(usuario, 'clave-segura-1');
    api = anonymous.withToken(token);
  }, 360_000);

  afterAll(async () => {
    for (const replica of replicas) await replica.child.stop(20_000);
    await proxy?.close();
    await sunatA?.close();
    await sunatB?.close();
    await sim?.close();
    await db?.end();
    for (const dir of storageDirs) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  /** The replicas' last log lines (warnings and errors), shown beside a failed check. */
  const registros = () => replicas.map((r) => `${r.name}:\n${r.child.output()}`).join('\n');
  const sinProblemas = (problemas: string[]) => expect({ problemas, registros: problemas.length ? registros() : '' }).toEqual({ problemas: [], registros: '' });
  const respuesta = (r: ApiResponse) => `${r.status} ${r.body.toString('utf8').slice(0, 300)}`;

  /** 50 creates at once through the proxy; every one must be a 201. */
  const crear = async (path: string, body: (i: number) => Record<string, unknown>): Promise<any[]> => {
    const answers = await Promise.all(uno_a(N).map((_, i) => api.keyed('POST', path, body(i))));
    sinProblemas(answers.filter((r) => r.status !== 201).map(respuesta));
    return answers.map((r) => r.json.data);
  };

  const enviarTodos = (ruta: string, ids: number[]) => Promise.all(ids.map((id) => api.keyed('POST', `/api/${ruta}/${id}/enviar`)));

  it('50 parallel creates of facturas, boletas and guides, spread over both replicas: each series numbered 1..50', async () => {
    const antes = new Map(proxy.answered);
    const facturas = await crear('/api/ventas', () => ({
      tipo_documento: '01',
      cliente_documento: nextRuc(),
      cliente_datos: 'EMPRESA CLIENTE S.A.C.',
      productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
    }));
    const boletas = await crear('/api/ventas', () => ({
      tipo_documento: '03',
      cliente_documento: nextDni(),
      cliente_datos: 'CLIENTE BOLETA',
      productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 59 }],
    }));
    const guias = await crear('/api/guias-remision', () => guiaPrivada());
    docs.facturas = facturas.map((v) => ({ id: v.id_venta, serie: v.serie, numero: v.numero, nombre_xml: v.nombre_xml }));
    docs.boletas = boletas.map((v) => ({ id: v.id_venta, serie: v.serie, numero: v.numero }));
    docs.guias = guias.map((g) => ({ id: g.id, serie: g.serie, numero: g.numero }));

    for (const [lista, serie] of [
      [docs.facturas, 'F001'],
      [docs.boletas, 'B001'],
      [docs.guias, 'T001'],
    ] as const) {
      expect(lista.every((d) => d.serie === serie)).toBe(true);
      expect(lista.map((d) => d.numero).sort((x, y) => x - y)).toEqual(uno_a(N));
    }
    expect(await numeros('ventas', 'F001')).toEqual(uno_a(N));
    expect(await numeros('ventas', 'B001')).toEqual(uno_a(N));
    expect(await numeros('guias_remision', 'T001')).toEqual(uno_a(N));
    // both replicas took a share of the creates
    for (const replica of [a, b]) expect(proxy.answered.get(replica.url)! - antes.get(replica.url)!).toBeGreaterThan(N / 2);
  });

  it('facturas and guides sent in parallel through both replicas; the pollers of both close every guide ticket', async () => {
    const facturas = await enviarTodos(
      'ventas',
      docs.facturas.map((f) => f.id),
    );
    sinProblemas(facturas.filter((r) => r.status !== 200 || r.json.success !== true || r.json.codigo !== '0').map(respuesta));
    const guias = await enviarTodos(
      'guias-remision',
      docs.guias.map((g) => g.id),
    );
    sinProblemas(guias.filter((r) => r.status !== 200 || r.json.success !== true || !r.json.ticket).map(respuesta));

    const pendientes = () =>
      db.query(`SELECT count(*)::int AS n FROM guias_remision WHERE id_empresa = $1 AND estado <> $2`, [empresaId, GUIA_ACEPTADA]).then((r) => r.rows[0].n);
    expect(await until(pendientes, (n) => n === 0)).toBe(0);
  });

  it('50 parallel credit notes and 50 parallel debit notes on the accepted facturas: FC01 and FD01 numbered 1..50, all sent and accepted', async () => {
    const motivo = async (ruta: string, codigo: string) =>
      ((await api.get(`/api/${ruta}/motivos`)).json.data as Array<{ id: number; codigo_sunat: string }>).find((m) => m.codigo_sunat === codigo)!.id;
    const descuento = await motivo('notas-credito', '04');
    const mora = await motivo('notas-debito', '01');
    // facturas[0] stays without notes: it is the one the RA voids
    const conNotas = docs.facturas.slice(1);
    const notasCredito = await crear('/api/notas-credito', (i) => ({ id_venta: conNotas[i % conNotas.length].id, motivo_id: descuento, monto: 1.18 }));
    const notasDebito = await crear('/api/notas-debito', (i) => ({ id_venta: conNotas[i % conNotas.length].id, motivo_id: mora, monto_total: 11.8 }));
    docs.notasCredito = notasCredito.map((n) => ({ id: n.id, serie: n.serie, numero: n.numero }));
    docs.notasDebito = notasDebito.map((n) => ({ id: n.id, serie: n.serie, numero: n.numero }));
    for (const [lista, serie, tabla] of [
      [docs.notasCredito, 'FC01', 'notas_credito'],
      [docs.notasDebito, 'FD01', 'notas_debito'],
    ] as const) {
      expect(lista.every((d) => d.serie === serie)).toBe(true);
      expect(lista.map((d) => d.numero).sort((x, y) => x - y)).toEqual(uno_a(N));
      expect(await numeros(tabla, serie)).toEqual(uno_a(N));
    }

    const envios = [
      ...(await enviarTodos(
        'notas-credito',
        docs.notasCredito.map((n) => n.id),
      )),
      ...(await enviarTodos(
        'notas-debito',
        docs.notasDebito.map((n) => n.id),
      )),
    ];
    sinProblemas(envios.filter((r) => r.status !== 200 || r.json.success !== true).map(respuesta));
    for (const tabla of ['notas_credito', 'notas_debito']) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${tabla} WHERE id_empresa = $1 AND estado = $2`, [empresaId, NOTA_ACEPTADA]);
      expect(rows[0].n).toBe(N);
    }
  });

  it('RC of the 50 boletas and RA of a factura: replica A is killed (SIGKILL) in the middle of a ticket query and replica B finishes both', async () => {
    // every ticket answers 98 once before its final answer
    expect((await new ApiClient(sim.url).send('POST', '/__control/config', { ticketPolls: 1 })).json.ticketPolls).toBe(1);
    // each replica's ticket query waits on its way to SUNAT: a replica that takes a ticket sits in that call
    sunatA.hold(TICKET_QUERY);
    sunatB.hold(TICKET_QUERY);

    const rc = await api.must('POST', '/api/resumen-diario', { ids: docs.boletas.map((d) => d.id), fecha_resumen: hoyLima() }, 200);
    expect(rc).toMatchObject({ success: true, ticket: expect.any(String), cantidad: N });
    const factura = docs.facturas[0];
    const ra = await api.must('POST', '/api/comunicacion-baja', { documentos: [{ id_venta: factura.id, motivo: 'ERROR EN EMISION' }] }, 200);
    expect(ra).toMatchObject({ success: true, ticket: expect.any(String) });
    lotes.RC = { ticket: rc.ticket, nombre: rc.nombre_archivo };
    lotes.RA = { ticket: ra.ticket, nombre: ra.nombre_archivo };

    // one ticket per fetch and per worker: once both tickets are waiting, each replica is in the middle of one
    // (should A's job expire meanwhile, B may take that ticket too, until a query gives up and the worker moves on)
    const held = await until(
      async () => ({ a: sunatA.heldTickets(), b: sunatB.heldTickets() }),
      ({ a, b }) => a.length === 1 && b.length === 1 && a[0] !== b[0],
    );
    expect([...held.a, ...held.b].sort()).toEqual([lotes.RC.ticket, lotes.RA.ticket].sort());
    const ticketDeA = held.a[0];

    await a.child.kill('SIGKILL');
    expect(a.child.process.signalCode).toBe('SIGKILL');
    sunatA.drop(); // its caller is dead: the call never reaches SUNAT
    sunatB.release();

    // clients go on through the proxy: of two requests in a row one is routed to the dead replica first and moved
    // to B, a GET as any, a POST because it carries its Idempotency-Key
    const retriedBefore = proxy.retried;
    const lecturas = await Promise.all([api.get(`/api/ventas/${factura.id}`), api.get(`/api/ventas/${docs.boletas[0].id}`)]);
    expect(lecturas.map((r) => r.status)).toEqual([200, 200]);
    const tardias: ApiResponse[] = [];
    for (let i = 0; i < 2; i++) {
      tardias.push(
        await api.keyed('POST', '/api/ventas', {
          tipo_documento: '03',
          cliente_documento: nextDni(),
          cliente_datos: 'CLIENTE TARDÍO',
          productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 59 }],
        }),
      );
    }
    expect(tardias.map((r) => [r.status, r.json.data?.serie, r.json.data?.numero])).toEqual([
      [201, 'B001', N + 1],
      [201, 'B001', N + 2],
    ]);
    expect(proxy.retried - retriedBefore).toBe(2);

    const estados = () =>
      db
        .query(`SELECT tipo, estado, codigo FROM lotes_sunat WHERE id_empresa = $1 ORDER BY tipo`, [empresaId])
        .then((r) => r.rows as Array<{ tipo: string; estado: string; codigo: string | null }>);
    const final = await until(estados, (rows) => rows.length === 2 && rows.every((r) => LOTE_FINAL.includes(r.estado)));
    expect(final).toEqual([
      { tipo: 'RA', estado: LOTE_ACEPTADO, codigo: '0' },
      { tipo: 'RC', estado: LOTE_ACEPTADO, codigo: '0' },
    ]);
    // the ticket A was asking about when it died was answered to B: A's job was recovered there
    expect(sunatB.forwarded.filter((c) => TICKET_QUERY(c) && c.ticket === ticketDeA).length).toBeGreaterThanOrEqual(1);
    const trabajos = () =>
      db
        .query(`SELECT state FROM pgboss.job WHERE name = 'sunat-tickets' AND singleton_key LIKE 'lote:%'`)
        .then((r) => r.rows.map((j: { state: string }) => j.state));
    expect(await until(trabajos, (states) => states.every((s) => s === 'completed'))).toEqual(['completed', 'completed']);

    // what the batches did to their documents, as replica B shows it
    const direct = new ApiClient(b.url, token);
    for (const boleta of docs.boletas) expect((await direct.get(`/api/ventas/${boleta.id}`)).json.data.estado_sunat).toBe(SUNAT_ACEPTADA);
    expect((await direct.get(`/api/ventas/${factura.id}`)).json.data).toMatchObject({ estado: VENTA_ANULADA, estado_sunat: SUNAT_RECHAZADA });
    docs.boletas.push(...tardias.map((r) => ({ id: r.json.data.id_venta, serie: 'B001', numero: r.json.data.numero })));
    expect(await numeros('ventas', 'B001')).toEqual(uno_a(N + 2));
  });

  it('every file of every document is served by replica B: the XML SUNAT got, the CDR SUNAT gave, the PDF; nothing on local disk', async () => {
    const direct = new ApiClient(b.url, token);
    const recibidos = new Map([...sim.state.documents.values()].map((d) => [d.name, d]));
    const problemas: string[] = [];
    const bajar = async (path: string, tipo: string): Promise<Buffer | undefined> => {
      const res: ApiResponse = await direct.get(path);
      if (res.status !== 200 || !String(res.headers['content-type']).startsWith(tipo)) {
        problemas.push(`${path}: ${res.status} ${res.headers['content-type']} ${res.body.toString('utf8').slice(0, 200)}`);
        return undefined;
      }
      return res.body;
    };
    const revisarXml = (path: string, xml: Buffer, id: string, hash: string, enviado: boolean, nombre: string) => {
      const text = xml.toString('utf8');
      if (!text.includes(`<cbc:ID>${id}</cbc:ID>`)) problemas.push(`${path}: no es ${id}`);
      if (!text.includes(`<ds:DigestValue>${hash}</ds:DigestValue>`)) problemas.push(`${path}: firma distinta de hash_cpe ${hash}`);
      if (enviado && recibidos.get(nombre)?.sha256 !== sha256(xml)) problemas.push(`${path}: no es el XML que recibió SUNAT`);
    };
    const revisarCdr = (path: string, zip: Buffer, esperado: Buffer | undefined, id: string) => {
      if (!esperado || Buffer.compare(zip, esperado) !== 0) problemas.push(`${path}: no es el CDR que dio SUNAT`);
      const [[, content]] = xmlEntries(zip);
      const cdr = readCdr(content);
      if (cdr.responseCode !== '0' || cdr.documentId !== id) problemas.push(`${path}: CDR ${cdr.responseCode} de ${cdr.documentId}`);
    };
    const revisarPdf = (path: string, pdf: Buffer) => {
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-' || !pdf.subarray(-8).toString('latin1').includes('%%EOF')) problemas.push(`${path}: no es un PDF`);
    };

    const tipos = [
      { lista: docs.facturas, ver: (id: number) => `/api/ventas/${id}`, pdf: (id: number) => `/reporteNV/${id}`, conCdr: true },
      { lista: docs.boletas, ver: (id: number) => `/api/ventas/${id}`, pdf: (id: number) => `/reporteNV/${id}`, conCdr: false },
      { lista: docs.notasCredito, ver: (id: number) => `/api/notas-credito/${id}`, pdf: (id: number) => `/reporte/nota-credito/${id}`, conCdr: true },
      { lista: docs.notasDebito, ver: (id: number) => `/api/notas-debito/${id}`, pdf: (id: number) => `/reporte/nota-debito/${id}`, conCdr: true },
      { lista: docs.guias, ver: (id: number) => `/api/guias-remision/${id}`, pdf: (id: number) => `/reporte/guia/${id}`, conCdr: true },
    ];
    let servidos = 0;
    for (const { lista, ver, pdf, conCdr } of tipos) {
      await inParallel(lista.length, 6, async (i) => {
        const doc = lista[i];
        const vista = (await direct.get(ver(doc.id))).json.data;
        const id = `${doc.serie}-${doc.numero}`;
        const nombre = String(vista.nombre_xml).replace(/\.xml$/, '');
        const xml = await bajar(vista.xml_url, 'application/xml');
        if (xml) revisarXml(vista.xml_url, xml, id, vista.hash_cpe, conCdr, nombre);
        if (conCdr !== Boolean(vista.cdr_url)) problemas.push(`${ver(doc.id)}: cdr_url ${vista.cdr_url}`);
        const cdr = conCdr && vista.cdr_url ? await bajar(vista.cdr_url, 'application/zip') : undefined;
        if (cdr) revisarCdr(vista.cdr_url, cdr, recibidos.get(nombre)?.cdrZip, id);
        const impreso = await bajar(`${pdf(doc.id)}?token=${encodeURIComponent(token)}`, 'application/pdf');
        if (impreso) revisarPdf(pdf(doc.id), impreso);
        servidos += [xml, cdr, impreso].filter(Boolean).length;
      });
    }
    for (const [tipo, ruta] of [
      ['RC', 'resumen-diario'],
      ['RA', 'comunicacion-baja'],
    ] as const) {
      const lote = lotes[tipo];
      const { rows } = await db.query(`SELECT hash_cpe FROM lotes_sunat WHERE id_empresa = $1 AND ticket = $2`, [empresaId, lote.ticket]);
      const xml = await bajar(`/api/${ruta}/xml/${lote.nombre}`, 'application/xml');
      if (xml) revisarXml(lote.nombre, xml, lote.nombre.replace(/^\d{11}-/, '').replace(/\.xml$/, ''), rows[0].hash_cpe, false, '');
      const cdr = await bajar(`/api/${ruta}/cdr/${lote.nombre}`, 'application/zip');
      if (cdr) revisarCdr(`${tipo} CDR`, cdr, sim.state.tickets.get(lote.ticket)?.cdrZip, lote.nombre.replace(/^\d{11}-/, '').replace(/\.xml$/, ''));
      servidos += [xml, cdr].filter(Boolean).length;
    }

    sinProblemas(problemas);
    // facturas, notes and guides: XML, CDR and PDF; boletas: XML and PDF (their answer is the RC's CDR); RC and RA: XML and CDR
    expect(servidos).toBe(4 * N * 3 + (N + 2) * 2 + 4);
    // replicas kept nothing on their own disks
    for (const dir of storageDirs) expect(readdirSync(dir)).toEqual([]);
  });
});
