import 'reflect-metadata';
import 'tsconfig-paths/register';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './src/database/data-source-options';

/** DataSource for the typeorm CLI (migration:run / migration:generate): same options as the app. */
export default new DataSource(
  buildDataSourceOptions({
    url: process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54329/facturacion',
    entities: [join(__dirname, 'src', '**', '*.entity.{ts,js}')],
  }),
);
