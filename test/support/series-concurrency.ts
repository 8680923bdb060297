import { DataSource } from 'typeorm';
import { SeriesService } from '../../src/series/series.service';

/**
 * 50 transactions take a number from one series at once. Each holds its transaction open a moment
 * after taking the number, as a real document insert would, so the row lock is really contended.
 */
export async function takeNumbersConcurrently(dataSource: DataSource, series: SeriesService, empresaId: number, serie: string, n = 50): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, () =>
      dataSource.transaction(async (manager) => {
        const numero = await series.next(manager, empresaId, '01', serie);
        await manager.query('SELECT pg_sleep(0.01)');
        return numero;
      }),
    ),
  );
}
