import { resolve } from 'node:path';
import { registerAs } from '@nestjs/config';
import { ConfigError, int, oneOf, optional, readEnv, str, URL_RULE } from './schema';

export const STORAGE_DRIVERS = ['postgres', 'local', 's3'] as const;

/** Where an S3-compatible bucket is and how to reach it (STORAGE_DRIVER=s3). */
export interface S3StorageConfig {
  bucket: string;
  /** Unset: AWS S3 itself; set: MinIO, R2 or any other S3-compatible service. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (environment, profile, instance role). Never logged. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Prepended to every key ('facturacion/prod' -> 'facturacion/prod/empresa-1/xml/...'), without slashes at the ends. */
  prefix?: string;
}

export interface StorageConfig {
  /** postgres: the `archivos` table (default; replicas share it); local: files under `dir`; s3: a bucket. */
  driver: (typeof STORAGE_DRIVERS)[number];
  dir: string;
  maxLogoBytes: number;
  /** Only with driver s3. */
  s3?: S3StorageConfig;
}

const BOOL_TEXT = { pattern: /^(1|0|true|false|yes|no)$/i, describe: 'booleana (true/false)' };
const PREFIX_RULE = {
  pattern: /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/,
  describe: "segmentos de letras, dígitos, '.', '_' y '-' separados por '/'",
};

export const storageSchema = {
  STORAGE_DRIVER: oneOf(STORAGE_DRIVERS, 'postgres'),
  STORAGE_DIR: str('./storage'),
  MAX_LOGO_BYTES: int(1024 * 1024, { min: 1, max: 50 * 1024 * 1024 }),
  STORAGE_S3_BUCKET: optional({ pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, describe: 'un nombre de bucket' }),
  STORAGE_S3_ENDPOINT: optional(URL_RULE),
  STORAGE_S3_REGION: str('us-east-1', { pattern: /^[a-z0-9-]+$/, describe: 'una región (us-east-1)' }),
  STORAGE_S3_ACCESS_KEY_ID: optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: optional(),
  STORAGE_S3_FORCE_PATH_STYLE: optional(BOOL_TEXT),
  STORAGE_S3_PREFIX: optional(PREFIX_RULE),
};

export function loadStorageConfig(): StorageConfig {
  const env = readEnv('storage', storageSchema);
  const base = { driver: env.STORAGE_DRIVER, dir: resolve(env.STORAGE_DIR), maxLogoBytes: env.MAX_LOGO_BYTES };
  if (env.STORAGE_DRIVER !== 's3') return base;

  const problems: string[] = [];
  if (!env.STORAGE_S3_BUCKET) problems.push('STORAGE_S3_BUCKET es obligatoria con STORAGE_DRIVER=s3');
  // A half-given key pair is a typo, not a wish for the SDK's default chain: refuse it instead of guessing.
  if (!env.STORAGE_S3_ACCESS_KEY_ID !== !env.STORAGE_S3_SECRET_ACCESS_KEY)
    problems.push(
      `${env.STORAGE_S3_ACCESS_KEY_ID ? 'STORAGE_S3_SECRET_ACCESS_KEY' : 'STORAGE_S3_ACCESS_KEY_ID'} es obligatoria junto con ${env.STORAGE_S3_ACCESS_KEY_ID ? 'STORAGE_S3_ACCESS_KEY_ID' : 'STORAGE_S3_SECRET_ACCESS_KEY'}`,
    );
  if (problems.length) throw new ConfigError('storage', problems);

  const pathStyle = env.STORAGE_S3_FORCE_PATH_STYLE?.toLowerCase();
  return {
    ...base,
    s3: {
      bucket: env.STORAGE_S3_BUCKET!,
      endpoint: env.STORAGE_S3_ENDPOINT,
      region: env.STORAGE_S3_REGION,
      credentials:
        env.STORAGE_S3_ACCESS_KEY_ID && env.STORAGE_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: pathStyle === undefined ? env.STORAGE_S3_ENDPOINT !== undefined : ['1', 'true', 'yes'].includes(pathStyle),
      prefix: env.STORAGE_S3_PREFIX,
    },
  };
}

export const storageConfig = registerAs('storage', loadStorageConfig);
