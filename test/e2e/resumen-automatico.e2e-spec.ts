import request from 'supertest';
import { hoyLima, horaLima, momentoLima } from '../../src/common/fecha';
import { ResumenAutomaticoService } from '../../src/resumen-diario/resumen-automatico.service';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';
import { dentroDe } from '../support/fechas';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(300_000);

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, deadlineMs = 120_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Item {
  id_venta: number;
  id_lote: number;
  estado: string;
  id_usuario: number | null;
  codigo: string | null;
}

/**
 * Companies with resumen_automatico get their boletas to SUNAT in daily summaries by themselves: nobody calls
 * POST /api/resumen-diario or consultar-ticket here. A day's run takes the boletas created before that day's time,
 * so the boletas of a run are made "yesterday" (created_at moved back a day) and the time is '00:00'.
 */
describe('Automatic daily summary (resumen_automatico)', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let servicio: ResumenAutomaticoService;
  const hoy = hoyLima();

  beforeAll(async () => {
    t = await createTestAppWithSunat(
      {
        AUTOSEND_WORKER: 'true',
        AUTOSEND_SUMMARY_CHECK_MS: '300',
        AUTOSEND_BACKOFF_BASE_MS: '100',
        AUTOSEND_BACKOFF_MAX_MS: '500',
        TICKET_POLLER: 'true',
        TICKET_POLL_DELAY_SECONDS: '1',
        TICKET_POLL_INTERVAL_SECONDS: '1',
        TICKET_SWEEP_SECONDS: '2',
      },
      0,
    );
    admin = await login(t);
    servicio = t.app.get(ResumenAutomaticoService);
  });
  afterAll(async () => {
    await t.close();
    for (const name of Object.keys(process.env).filter((n) => n.startsWith('AUTOSEND_') || n.startsWith('TICKET_'))) delete process.env[name];
  });

  const empresaConUsuario = async () => {
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create']);
    return { id: empresa.id_empresa, user };
  };
  /** Boletas issued on each of `fechas`, registered "yesterday": before today's time. */
  const boletasDeAyer = async (user: Session, fechas: string[]) => {
    const ids: number[] = [];
    for (const fecha_emision of fechas) ids.push((await createVenta(t, user, { fecha_emision })).id_venta);
    await t.dataSource.query(`UPDATE ventas SET created_at = created_at - interval '1 day' WHERE id_venta = ANY($1)`, [ids]);
    return ids;
  };
  const programar = (empresaId: number, hora: string | null) =>
    request(t.http).post(`/api/empresas/${empresaId}`).set(bearer(admin.token)).send({ resumen_automatico: hora }).expect(201);
  const estados = async (ids: number[]) =>
    (await t.dataSource.query(`SELECT estado_sunat FROM ventas WHERE id_venta = ANY($1) ORDER BY id_venta`, [ids])).map(
      (r: { estado_sunat: string }) => r.estado_sunat,
    );
  const todasAceptadas = (ids: number[], what: string) =>
    eventually(async () => ((await estados(ids)).every((e: string) => e === '1') ? true : undefined), what);
  const items = (ids: number[]): Promise<Item[]> =>
    t.dataSource.query(
      `SELECT i.id_venta, l.id AS id_lote, l.estado, l.id_usuario, l.codigo FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote
        WHERE l.tipo = 'RC' AND i.id_venta = ANY($1) ORDER BY l.id`,
      [ids],
    );
  const ultimo = async (empresaId: number) =>
    (await t.dataSource.query(`SELECT to_char(resumen_automatico_ultimo, 'YYYY-MM-DD') AS d FROM empresas WHERE id_empresa = $1`, [empresaId]))[0].d as
      string | null;
  /** One run of the company, as another process would make it; repeated while the periodic check holds it. */
  const correr = (empresaId: number, now?: Date) =>
    eventually(async () => {
      const fin = await servicio.resumirEmpresa(empresaId, now);
      return fin === 'ocupado' ? undefined : fin;
    }, 'una corrida');
  const sendSummaries = () => t.sunat.state.requests.filter((r) => r.operation === 'sendSummary').length;
  /** Every boleta in exactly one accepted summary and in no other batch but ones SUNAT never registered ('error'). */
  const unaVezCadaUna = async (ids: number[]) => {
    const todos = await items(ids);
    for (const id of ids) {
      const suyos = todos.filter((i) => i.id_venta === id);
      expect(suyos.filter((i) => i.estado === 'aceptado')).toHaveLength(1);
      expect(suyos.filter((i) => i.estado !== 'aceptado' && i.estado !== 'error')).toEqual([]);
    }
    return todos.filter((i) => i.estado === 'aceptado');
  };

  it('at the time, the boletas of every date inside the deadline are summarised and accepted by themselves, one summary per date', async () => {
    const a = await empresaConUsuario();
    const fechas = [hoy, hoy, dentroDe(-1), dentroDe(-5), dentroDe(-5)];
    const ids = await boletasDeAyer(a.user, fechas);
    const factura = await createFactura(t, a.user);
    // registered today, after today's time ('00:00'): it belongs to tomorrow's run
    const deHoy = (await createVenta(t, a.user)).id_venta;
    const antes = sendSummaries();

    await programar(a.id, '00:00');
    await todasAceptadas(ids, 'boletas aceptadas');

    const aceptados = await unaVezCadaUna(ids);
    // one summary per issue date, made by the service (no user)
    expect(new Set(aceptados.map((i) => i.id_lote)).size).toBe(3);
    expect(aceptados.every((i) => i.id_usuario === null)).toBe(true);
    const referencias: Array<{ fecha_referencia: string; n: string }> = await t.dataSource.query(
      `SELECT to_char(l.fecha_referencia, 'YYYY-MM-DD') AS fecha_referencia, count(*) AS n FROM lotes_sunat l JOIN lote_sunat_items i ON i.id_lote = l.id
        WHERE i.id_venta = ANY($1) GROUP BY 1 ORDER BY 1`,
      [ids],
    );
    expect(referencias).toEqual([
      { fecha_referencia: dentroDe(-5), n: '2' },
      { fecha_referencia: dentroDe(-1), n: '1' },
      { fecha_referencia: hoy, n: '2' },
    ]);
    expect(sendSummaries() - antes).toBe(3);
    // facturas never go in a summary; a boleta created after the time waits
    expect(await items([factura.id_venta, deHoy])).toEqual([]);
    expect(await estados([deHoy])).toEqual(['0']);
    await eventually(async () => ((await ultimo(a.id)) === hoyLima() ? true : undefined), 'día terminado');

    // another run the same day (a restart, another process) sends nothing: the day ended
    expect(await correr(a.id)).toBe('nada');
    // and even with the day forgotten, nothing of it is summarised twice (the periodic check may be the one that runs it)
    await t.dataSource.query(`UPDATE empresas SET resumen_automatico_ultimo = NULL WHERE id_empresa = $1`, [a.id]);
    expect(['hecho', 'nada']).toContain(await correr(a.id));
    expect(await ultimo(a.id)).toBe(hoyLima());
    expect(sendSummaries() - antes).toBe(3);
    expect((await items(ids)).length).toBe(5);

    // a boleta created after today's run waits for tomorrow's: the checks of the rest of the day leave it alone
    const tarde = (await createVenta(t, a.user)).id_venta;
    await servicio.revisar();
    await servicio.revisar();
    expect(await estados([tarde])).toEqual(['0']);
    expect(await items([tarde])).toEqual([]);
    // tomorrow at the time it goes
    const manana = new Date(momentoLima(dentroDe(1), '00:00').getTime() + 1000);
    expect(await correr(a.id, manana)).toBe('hecho');
    await todasAceptadas([deHoy, tarde], 'boletas de hoy aceptadas al día siguiente');
    await unaVezCadaUna([deHoy, tarde]);
    expect(await ultimo(a.id)).toBe(dentroDe(1));
  });

  it('a company without resumen_automatico, or whose time has not come, gets nothing sent', async () => {
    const sin = await empresaConUsuario();
    const despues = await empresaConUsuario();
    // the time has to be later today: close to midnight, wait for the new day
    await eventually(async () => (horaLima() < '23:55' ? true : undefined), 'lejos de medianoche', 6 * 60_000);
    const [h, m] = horaLima().split(':').map(Number);
    const hora = h < 22 ? `${String(h + 2).padStart(2, '0')}:${String(m).padStart(2, '0')}` : '23:59';
    const idsSin = await boletasDeAyer(sin.user, [hoy, dentroDe(-2)]);
    const idsDespues = await boletasDeAyer(despues.user, [hoy, dentroDe(-2)]);
    await programar(despues.id, hora);

    // two whole checks of every company after the setting
    await servicio.revisar();
    await servicio.revisar();
    expect(await correr(sin.id)).toBe('nada');
    expect(await correr(despues.id)).toBe('nada');
    expect(await items([...idsSin, ...idsDespues])).toEqual([]);
    expect(await estados([...idsSin, ...idsDespues])).toEqual(['0', '0', '0', '0']);
    expect(await ultimo(sin.id)).toBeNull();
    expect(await ultimo(despues.id)).toBeNull();
  });

  it('SUNAT down at the time: nothing is lost, and every boleta is accepted once, after it is back', async () => {
    const perdida = await empresaConUsuario();
    const fallida = await empresaConUsuario();
    const idsPerdida = await boletasDeAyer(perdida.user, [hoy, dentroDe(-3)]);
    const idsFallida = await boletasDeAyer(fallida.user, [hoy, hoy, dentroDe(-2)]);
    const rechazadasAntes = t.sunat.state.outage.snapshot().refused.soap;

    try {
      // unanswered (503): each batch keeps its boletas and its file, to be sent again by the poller
      t.sunat.outage({ down: true, services: ['soap'] });
      await programar(perdida.id, '00:00');
      await eventually(async () => {
        const retenidas = (await items(idsPerdida)).filter((i) => i.estado === 'preparado');
        return retenidas.length === idsPerdida.length ? true : undefined;
      }, 'lotes sin respuesta');
      expect(t.sunat.state.outage.snapshot().refused.soap).toBeGreaterThan(rechazadasAntes);
      expect(await estados(idsPerdida)).toEqual(['0', '0']);
      // nothing left to send, but the day is not over while SUNAT holds no answer for them
      expect(await correr(perdida.id)).toBe('esperando');
      expect(await ultimo(perdida.id)).toBeNull();

      // refused with a transient fault (0109): the batch ends in 'error', its boletas are free and tried again; the
      // poller's resend of the unanswered batches gets the same fault and frees theirs too
      t.sunat.outage({ down: true, services: ['soap'], mode: 'fault' });
      await programar(fallida.id, '00:00');
      await eventually(async () => ((await items(idsFallida)).some((i) => i.estado === 'error' && i.codigo === '0109') ? true : undefined), 'lote 0109');
      await eventually(async () => {
        const suyos = await items(idsPerdida);
        return suyos.some((i) => i.estado === 'error') && idsPerdida.every((id) => suyos.some((i) => i.id_venta === id && i.estado === 'error'))
          ? true
          : undefined;
      }, 'lotes sin respuesta cerrados por la falla');
      expect(await estados([...idsPerdida, ...idsFallida])).toEqual(['0', '0', '0', '0', '0']);
      expect(await ultimo(perdida.id)).toBeNull();
      expect(await ultimo(fallida.id)).toBeNull();
    } finally {
      t.sunat.outage({ down: false });
    }

    await todasAceptadas([...idsPerdida, ...idsFallida], 'todas aceptadas tras la caída');
    await unaVezCadaUna(idsPerdida);
    await unaVezCadaUna(idsFallida);
    await eventually(async () => ((await ultimo(perdida.id)) === hoyLima() && (await ultimo(fallida.id)) === hoyLima() ? true : undefined), 'días terminados');
  });

  it('two runs of one company at once (two processes) make one summary of its boletas', async () => {
    const c = await empresaConUsuario();
    const ids = await boletasDeAyer(c.user, [hoy, hoy, hoy, dentroDe(-1), dentroDe(-1)]);
    // set in SQL: the periodic check may join in too, as a third process would
    await t.dataSource.query(`UPDATE empresas SET resumen_automatico = '00:00' WHERE id_empresa = $1`, [c.id]);
    const fines = await Promise.all([servicio.resumirEmpresa(c.id), servicio.resumirEmpresa(c.id)]);
    expect(fines.every((f) => ['hecho', 'esperando', 'ocupado', 'nada'].includes(f))).toBe(true);
    await todasAceptadas(ids, 'boletas aceptadas');
    const aceptados = await unaVezCadaUna(ids);
    expect(new Set(aceptados.map((i) => i.id_lote)).size).toBe(2);
    expect((await items(ids)).length).toBe(5);
  });

  it('a batch left without a ticket job is taken up by the poller within the sweep interval, not only at start-up', async () => {
    const p = await empresaConUsuario();
    const [id] = await boletasDeAyer(p.user, [hoy]);
    let loteId = 0;
    try {
      t.sunat.outage({ down: true, services: ['soap'] });
      const res = await request(t.http)
        .post('/api/resumen-diario')
        .set(bearer(p.user.token))
        .send({ ids: [id], fecha_resumen: hoy });
      expect(res.status).toBe(502);
      [{ id_lote: loteId }] = await items([id]);
      // its job lost (as when the process died before enqueueing it): removed while it waits
      await eventually(async () => {
        const [, borrados] = await t.dataSource.query(
          `DELETE FROM pgboss.job WHERE name = 'sunat-tickets' AND singleton_key = $1 AND state IN ('created', 'retry')`,
          [`lote:${loteId}`],
        );
        return borrados > 0 ? true : undefined;
      }, 'trabajo borrado');
    } finally {
      t.sunat.outage({ down: false });
    }
    const vivos = async () =>
      Number(
        (
          await t.dataSource.query(
            `SELECT count(*) AS n FROM pgboss.job WHERE name = 'sunat-tickets' AND singleton_key = $1 AND state IN ('created', 'retry', 'active')`,
            [`lote:${loteId}`],
          )
        )[0].n,
      );
    const [{ estado }] = await t.dataSource.query(`SELECT estado FROM lotes_sunat WHERE id = $1`, [loteId]);
    expect(estado).toBe('preparado');
    await eventually(async () => {
      expect(await vivos()).toBeLessThanOrEqual(1);
      const [lote] = await t.dataSource.query(`SELECT estado FROM lotes_sunat WHERE id = $1`, [loteId]);
      return lote.estado === 'aceptado' ? true : undefined;
    }, 'lote aceptado');
    expect(await estados([id])).toEqual(['1']);
  });
});
