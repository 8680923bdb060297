import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { ApiClient } from '../support/api-client';
import { createTestDatabase } from '../support/database';
import { nextDni, nextRuc } from '../support/factories';
import { firmaValida, Receptor, until } from '../support/receptor-webhooks';
import { ServiceProcess, startServiceProcess } from '../support/service-process';

// service processes start cold under ts-node; a loaded machine takes a while
jest.setTimeout(480_000);

const ADMIN = { user: 'admin', password: 'admin-test-1234' };

/**
 * Webhooks across real service processes sharing one database (as deployed: NODE_ENV=production): two replicas
 * deliver each event exactly once and in order; then both are killed with SIGKILL while deliveries are in flight, and
 * a third process delivers everything that was pending: nothing is lost (the deliveries cut off may arrive twice,
 * with the same webhook-id).
 */
describe('Webhooks across service processes: replicas and a crash', () => {
  const receptor = new Receptor();
  let db: Client;
  let shared: NodeJS.ProcessEnv;
  const procesos: ServiceProcess[] = [];
  let api: ApiClient;
  const secretos = new Map<string, string>();
  const rutas = ['/p1', '/p2', '/p3'];

  const arrancar = async (nombre: string) => {
    const proceso = await startServiceProcess(nombre, shared);
    procesos.push(proceso);
    return proceso;
  };
  const ventaEn = async (proceso: ServiceProcess) =>
    (
      await new ApiClient(proceso.url, api.token).must(
        'POST',
        '/api/ventas',
        {
          tipo_documento: '03',
          cliente_documento: nextDni(),
          cliente_datos: 'CLIENTE',
          productos: [{ descripcion: 'SERVICIO', cantidad: 1, precio_unitario: 59 }],
        },
        201,
      )
    ).data.id_venta as number;

  beforeAll(async () => {
    await receptor.start();
    const databaseUrl = await createTestDatabase();
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    shared = {
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
      SUNAT_ENDPOINTS_BASE: 'http://127.0.0.1:9',
      TICKET_POLLER: 'false',
      AUTOSEND_WORKER: 'false',
      MAIL_WORKER: 'false',
      WEBHOOKS_WORKER: 'true',
      // the receiver listens on this host: an on-premise setting
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_INTERVAL_MS: '100',
      WEBHOOKS_BACKOFF_BASE_MS: '200',
      WEBHOOKS_BACKOFF_MAX_MS: '500',
    };
    const [a] = await Promise.all([arrancar('réplica A'), arrancar('réplica B')]);
    const anonimo = new ApiClient(a.url);
    const token = (await anonimo.must('POST', '/api/auth/login', { user: ADMIN.user, password: ADMIN.password }, 200)).token as string;
    const admin = anonimo.withToken(token);
    const empresa = (await admin.must('POST', '/api/empresas', { ruc: nextRuc(), razon_social: 'EMPRESA WEBHOOKS S.A.C.', direccion: 'AV. PRUEBA 1' }, 201))
      .data.id_empresa as number;
    const rol = (await admin.must('POST', '/api/roles', { nombre: `webhooks-${Date.now()}` }, 201)).data.rol_id;
    await admin.must('PUT', `/api/permissions/role/${rol}`, { permissions: ['empresas.edit', 'ventas.create'] }, 200);
    const usuario = `webhooks_${Date.now()}`;
    await admin.must(
      'POST',
      '/api/usuarios',
      { usuario, name: 'Webhooks', email: `${usuario}@test.pe`, password: 'clave-segura-1', rol_id: rol, id_empresa: empresa },
      201,
    );
    api = anonimo.withToken((await anonimo.must('POST', '/api/auth/login', { user: usuario, password: 'clave-segura-1' }, 200)).token as string);
    for (const ruta of rutas) {
      const creado = await api.must('POST', '/api/webhooks', { url: `${receptor.url}${ruta}`, eventos: ['documento.creado'] }, 201);
      secretos.set(ruta, creado.data.secreto);
    }
  }, 480_000);

  afterAll(async () => {
    for (const proceso of procesos) await proceso.child.stop(20_000);
    await db?.end();
    await receptor.close();
  }, 120_000);

  it('two replicas: each event once per endpoint, in order, signed', async () => {
    const [a, b] = procesos;
    receptor.lento = 20;
    const ventas: number[] = [];
    for (let i = 0; i < 20; i++) ventas.push(await ventaEn(i % 2 ? b : a));
    for (const ruta of rutas) {
      const recibidos = await until(
        () => receptor.de(ruta),
        (r) => r.length >= ventas.length,
        120_000,
      );
      expect(recibidos.map((r) => r.json.data.id_venta)).toEqual(ventas);
      expect(recibidos.every((r) => firmaValida(secretos.get(ruta)!, r))).toBe(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const ruta of rutas) expect(new Set(receptor.de(ruta).map((r) => r.headers['webhook-id'])).size).toBe(receptor.de(ruta).length);
    receptor.lento = 0;
  });

  it('both replicas killed mid-delivery: a new process delivers everything, in order, nothing lost', async () => {
    const [a, b] = procesos;
    const antes = new Map(rutas.map((r) => [r, receptor.de(r).length]));
    // every answer held: the deliveries are in flight when the processes die
    receptor.lento = 60_000;
    const llegadasAntes = receptor.llegadas.length;
    const ventas: number[] = [];
    for (let i = 0; i < 5; i++) ventas.push(await ventaEn(i % 2 ? b : a));
    await until(
      () => receptor.llegadas.length,
      (n) => n >= llegadasAntes + rutas.length,
      120_000,
    );
    await Promise.all([a.child.kill('SIGKILL'), b.child.kill('SIGKILL')]);
    receptor.lento = 0;
    const [{ pendientes }] = (await db.query(`SELECT count(*)::int AS pendientes FROM webhook_entregas WHERE estado = 'pendiente'`)).rows;
    expect(pendientes).toBe(rutas.length * ventas.length);

    await arrancar('proceso C');
    for (const ruta of rutas) {
      const nuevos = await until(
        () => receptor.de(ruta).slice(antes.get(ruta)),
        (r) => new Set(r.filter((x) => x.estado === 200).map((x) => x.json.data.id_venta)).size >= ventas.length,
        120_000,
      );
      // what the dead processes had in flight may arrive twice (same webhook-id); the first arrivals are in order
      const primeras = [...new Map(nuevos.map((r) => [r.json.data.id_venta as number, r])).keys()];
      expect(primeras).toEqual(ventas);
      for (const r of nuevos) expect(firmaValida(secretos.get(ruta)!, r)).toBe(true);
    }
    const estados = (await db.query(`SELECT estado, count(*)::int AS n FROM webhook_entregas GROUP BY estado`)).rows;
    expect(estados).toEqual([{ estado: 'entregada', n: rutas.length * 25 }]);
  });
});
