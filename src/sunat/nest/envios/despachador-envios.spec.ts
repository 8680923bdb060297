import type { ConfigType } from '@nestjs/config';
import type { DataSource } from 'typeorm';
import type { enviosConfig } from '@/config/envios.config';
import type { sunatConfig } from '@/config/sunat.config';
import { SendLimiter, SendLimiterSettings } from '../../gateway/send-limiter';
import { ColaEnvios } from './cola-envios.service';
import { DespachadorEnvios } from './despachador-envios.service';
import { Desenlace, ENVIO_ENVIANDO, ENVIO_HECHO, ENVIO_PENDIENTE, EnvioPendiente } from './envio-tipos';

interface Fila {
  id: string;
  estado: string;
  dueAt: number;
  intentos: number;
}

/** The queue table as the sender's statements see it, in memory: claims, outcomes and backoff. */
function colaEnMemoria(n: number) {
  const filas: Fila[] = Array.from({ length: n }, (_, i) => ({ id: String(i + 1), estado: ENVIO_PENDIENTE, dueAt: 0, intentos: 0 }));
  const query = async (sql: string, params: unknown[] = []): Promise<unknown> => {
    // the services' shared down mark (and what its listeners are told): not this test's concern
    if (sql.includes('servicios_sunat')) return sql.includes('RETURNING') ? [{ caido_desde: new Date(0) }] : [];
    if (sql.includes('RETURNING')) {
      const limite = params[3] as number;
      const due = filas.filter((f) => f.estado === ENVIO_PENDIENTE && f.dueAt <= Date.now()).slice(0, limite);
      for (const f of due) Object.assign(f, { estado: ENVIO_ENVIANDO, intentos: f.intentos + 1 });
      return [due.map((f) => ({ id: f.id, id_empresa: 1, tipo: 'venta', id_documento: Number(f.id), servicio: 'soap', intentos: f.intentos })), due.length];
    }
    if (sql.includes('proximo_intento = now() + make_interval')) {
      const fila = filas.find((f) => f.id === params[0])!;
      Object.assign(fila, { estado: ENVIO_PENDIENTE, dueAt: Date.now() + (params[3] as number) * 1000 });
      return [[], 1];
    }
    if (sql.startsWith('UPDATE envios_sunat SET estado = $2')) {
      filas.find((f) => f.id === params[0])!.estado = params[1] as string;
      return [[], 1];
    }
    if (sql.includes('AS corte')) return [{ corte: new Date(0) }];
    return [[], 0];
  };
  const transaction = async (trabajo: (manager: { query: typeof query }) => Promise<unknown>) => trabajo({ query });
  return { filas, dataSource: { query, transaction } as unknown as DataSource };
}

async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('DespachadorEnvios', () => {
  let despachador: DespachadorEnvios | undefined;
  afterEach(async () => {
    await despachador?.onApplicationShutdown();
    despachador = undefined;
  });

  const start = (n: number, enviar: (envio: EnvioPendiente) => Promise<Desenlace>, limiter: Partial<SendLimiterSettings> = {}) => {
    const cola = new ColaEnvios();
    cola.registrar({ tipo: 'venta', enviar });
    const memoria = colaEnMemoria(n);
    const config: ConfigType<typeof enviosConfig> = {
      enabled: true,
      conciliacionDiaria: false,
      // the idle look at the queue never comes within a test: whatever happens is driven by the sender itself
      intervalMs: 600_000,
      sweepMs: 600_000,
      summaryCheckMs: 600_000,
      backoffBaseMs: 10,
      backoffMaxMs: 10,
      breakerFailures: 1,
      breakerProbeMs: 50,
    };
    despachador = new DespachadorEnvios(memoria.dataSource, cola, new SendLimiter({ max: 2, queue: 64, waitMs: 1000, ...limiter }), config, {
      timeoutMs: 1000,
    } as ConfigType<typeof sunatConfig>);
    despachador.onApplicationBootstrap();
    return memoria;
  };

  it('SUNAT down: the next probe goes when it is due, without waiting for the idle look at the queue', async () => {
    let intentos = 0;
    const { filas } = start(1, async () => (++intentos === 1 ? { kind: 'transitorio', error: '503' } : { kind: 'hecho' }));
    await until(() => filas[0].estado === ENVIO_HECHO);
    expect(filas[0]).toMatchObject({ estado: ENVIO_HECHO, intentos: 2 });
  });

  it('prepares half the cap again beside the sends at SUNAT; none beyond the cap when the limiter queues no call', async () => {
    for (const [queue, plazas] of [
      [64, 3],
      [0, 2],
    ]) {
      const enCurso = new Set<string>();
      let maximo = 0;
      let soltar!: () => void;
      const suelto = new Promise<void>((resolve) => (soltar = resolve));
      const { filas } = start(
        6,
        async (envio) => {
          enCurso.add(envio.id);
          maximo = Math.max(maximo, enCurso.size);
          await suelto;
          enCurso.delete(envio.id);
          return { kind: 'hecho' };
        },
        { queue },
      );
      try {
        await until(() => enCurso.size === plazas);
        expect(enCurso.size).toBe(plazas);
      } finally {
        soltar();
      }
      await until(() => filas.every((f) => f.estado === ENVIO_HECHO));
      expect({ queue, maximo, hechos: filas.filter((f) => f.estado === ENVIO_HECHO).length }).toEqual({ queue, maximo: plazas, hechos: 6 });
      await despachador!.onApplicationShutdown();
    }
  });
});
