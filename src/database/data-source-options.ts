import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';

export interface DataSourceSettings {
  url: string;
  poolSize?: number;
  migrationsRun?: boolean;
  logging?: boolean;
  entities?: DataSourceOptions['entities'];
}

const root = join(__dirname, '..', '..');

/** The one place that builds TypeORM options: used by the app, ormconfig.ts and the test setup. */
export function buildDataSourceOptions(settings: DataSourceSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    // The app registers entities through TypeOrmModule.forFeature (autoLoadEntities); migrations need none.
    entities: settings.entities ?? [],
    migrations: [join(root, 'migrations', '*.{ts,js}')],
    migrationsTableName: 'migrations',
    migrationsRun: settings.migrationsRun ?? false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: settings.logging ? ['query', 'error'] : ['error'],
    extra: { max: settings.poolSize ?? 10 },
  };
}
