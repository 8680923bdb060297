import { ExportacionesOcupadas, ExportWorkers, exportWorkersSettings } from './export-workers';

// Real worker threads (started, never asked to export here): the pool's bookkeeping, not rendering.
describe('ExportWorkers: a bounded pool with a bounded queue (issue 21)', () => {
  it('serves `workers` exports at once, queues `cola` more in order, refuses the rest, and reuses a healthy worker', async () => {
    const pool = new ExportWorkers({ workers: 1, cola: 1, esperaMs: 60_000 });
    try {
      const primero = await pool.tomar();
      const enCola = pool.tomar();
      await expect(pool.tomar()).rejects.toBeInstanceOf(ExportacionesOcupadas);
      expect(pool.ocupados).toEqual({ enUso: 1, enEspera: 1 });
      pool.devolver(primero, true);
      expect(await enCola).toBe(primero);
      // A failed export's worker is replaced, never handed on.
      const tercero = pool.tomar();
      pool.devolver(primero, false);
      expect(await tercero).not.toBe(primero);
      pool.devolver(await tercero, true);
      expect(pool.ocupados).toEqual({ enUso: 0, enEspera: 0 });
    } finally {
      await pool.onApplicationShutdown();
    }
  });

  it('refuses an export that waited longer than esperaMs, and every one after shutdown', async () => {
    const pool = new ExportWorkers({ workers: 1, cola: 5, esperaMs: 30 });
    const worker = await pool.tomar();
    await expect(pool.tomar()).rejects.toThrow(/más de 30 ms en espera/);
    expect(pool.ocupados.enEspera).toBe(0);
    pool.devolver(worker, true);
    await pool.onApplicationShutdown();
    await expect(pool.tomar()).rejects.toBeInstanceOf(ExportacionesOcupadas);
  });

  it('reads EXPORT_WORKERS / EXPORT_QUEUE / EXPORT_QUEUE_WAIT_MS and stops the start on a wrong value', () => {
    expect(exportWorkersSettings({ EXPORT_WORKERS: '0', EXPORT_QUEUE: '3', EXPORT_QUEUE_WAIT_MS: '500' })).toEqual({ workers: 0, cola: 3, esperaMs: 500 });
    expect(exportWorkersSettings({}).workers).toBeGreaterThanOrEqual(1);
    expect(() => exportWorkersSettings({ EXPORT_WORKERS: 'dos' })).toThrow(/EXPORT_WORKERS/);
  });
});
