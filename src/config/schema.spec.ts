import { appSchema, loadAppConfig } from './app.config';
import { loadAuthConfig } from './auth.config';
import { loadDatabaseConfig } from './database.config';
import { loadPollerConfig } from './poller.config';
import { ConfigError, int, readEnv } from './schema';
import { loadStorageConfig } from './storage.config';
import { loadSunatConfig } from './sunat.config';

/** Runs `fn` with these variables set (undefined: unset), restoring the environment afterwards. */
function withEnv<T>(vars: Record<string, string | undefined>, fn: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  try {
    return fn();
  } finally {
    apply(saved);
  }
}

const failure = (fn: () => unknown): ConfigError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('config validated at boot: one schema per namespace', () => {
  it('PORT=abc stops the app namespace naming the variable', () => {
    const error = failure(() => withEnv({ PORT: 'abc' }, loadAppConfig));
    expect(error.message).toBe("Configuración 'app' inválida: PORT debe ser un entero entre 0 y 65535: 'abc'");
  });

  it('SUNAT_TIMEOUT_MS=-1 stops the sunat namespace naming the variable', () => {
    const error = failure(() => withEnv({ SUNAT_TIMEOUT_MS: '-1' }, loadSunatConfig));
    expect(error.problems).toEqual(["SUNAT_TIMEOUT_MS debe ser un entero entre 1 y 600000: '-1'"]);
  });

  it('names every wrong variable of a namespace at once', () => {
    const error = failure(() =>
      withEnv({ SUNAT_SIMULATOR: 'si', SUNAT_SIGNATURE_ALG: 'md5', SUNAT_BETA_RUC: '123', SUNAT_ENDPOINTS_BASE: 'localhost' }, loadSunatConfig),
    );
    expect(error.problems).toEqual([
      "SUNAT_ENDPOINTS_BASE debe ser una URL: 'localhost'",
      "SUNAT_SIMULATOR debe ser 'embedded' o 'off': 'si'",
      "SUNAT_SIGNATURE_ALG debe ser 'sha1' o 'sha256': 'md5'",
      "SUNAT_BETA_RUC debe ser un RUC de 11 dígitos: '123'",
    ]);
  });

  it.each([
    ['auth', { TOKEN_TTL_MINUTES: '0' }, loadAuthConfig, 'TOKEN_TTL_MINUTES'],
    ['auth', { LOGIN_MAX_FAILURES: '2.5' }, loadAuthConfig, 'LOGIN_MAX_FAILURES'],
    ['database', { DATABASE_URL: 'postgres://u@h/db', DB_POOL_SIZE: '0' }, loadDatabaseConfig, 'DB_POOL_SIZE'],
    ['database', { DATABASE_URL: 'postgres://u@h/db', DB_MIGRATIONS_RUN: 'quizas' }, loadDatabaseConfig, 'DB_MIGRATIONS_RUN'],
    ['database', { DATABASE_URL: 'not a url' }, loadDatabaseConfig, 'DATABASE_URL'],
    ['poller', { TICKET_POLL_INTERVAL_SECONDS: '0' }, loadPollerConfig, 'TICKET_POLL_INTERVAL_SECONDS'],
    ['storage', { MAX_LOGO_BYTES: '1e6' }, loadStorageConfig, 'MAX_LOGO_BYTES'],
    ['app', { LOG_LEVEL: 'verbose' }, loadAppConfig, 'LOG_LEVEL'],
    ['app', { IGV_DEFAULT: 'dieciocho' }, loadAppConfig, 'IGV_DEFAULT'],
  ] as const)('%s: %j is refused naming the variable', (namespace, vars, load, name) => {
    const error = failure(() => withEnv(vars, load as () => unknown));
    expect(error.namespace).toBe(namespace);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${name} `));
  });

  it('defaults and valid values are typed', () => {
    expect(readEnv('app', appSchema(false), {})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      ADMIN_USER: 'admin',
      ADMIN_PASSWORD: 'admin12345',
      IGV_DEFAULT: '18.00',
      LOG_LEVEL: 'debug',
      // jest's output is not a terminal
      LOG_FORMAT: process.stdout.isTTY ? 'pretty' : 'json',
      SHUTDOWN_TIMEOUT_MS: 10000,
    });
    expect(readEnv('app', appSchema(true), { PORT: ' 8080 ', LOG_LEVEL: 'warn' })).toMatchObject({ PORT: 8080, ADMIN_PASSWORD: undefined, LOG_LEVEL: 'warn' });
    expect(withEnv({ SUNAT_TIMEOUT_MS: '1500', SUNAT_ENDPOINTS_BASE: 'http://127.0.0.1:9', SUNAT_SIMULATOR: undefined }, loadSunatConfig)).toMatchObject({
      timeoutMs: 1500,
      simulator: 'off',
    });
    expect(withEnv({ DATABASE_URL: 'postgres://u@h/db', DB_LOGGING: 'TRUE' }, loadDatabaseConfig).logging).toBe(true);
  });

  describe('storage s3', () => {
    const S3_VARS = [
      'STORAGE_DRIVER',
      'STORAGE_S3_BUCKET',
      'STORAGE_S3_ENDPOINT',
      'STORAGE_S3_REGION',
      'STORAGE_S3_ACCESS_KEY_ID',
      'STORAGE_S3_SECRET_ACCESS_KEY',
      'STORAGE_S3_FORCE_PATH_STYLE',
      'STORAGE_S3_PREFIX',
    ];
    const s3Env = (vars: Record<string, string>) => ({ ...Object.fromEntries(S3_VARS.map((k) => [k, undefined])), ...vars });

    it('without a bucket, driver s3 stops the start naming STORAGE_S3_BUCKET', () => {
      const error = failure(() => withEnv(s3Env({ STORAGE_DRIVER: 's3' }), loadStorageConfig));
      expect(error.namespace).toBe('storage');
      expect(error.problems).toEqual(['STORAGE_S3_BUCKET es obligatoria con STORAGE_DRIVER=s3']);
    });

    it('a key id without its secret is refused, and the secret never appears in an error', () => {
      const error = failure(() => withEnv(s3Env({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'facturas', STORAGE_S3_ACCESS_KEY_ID: 'AKIA' }), loadStorageConfig));
      expect(error.problems).toEqual(['STORAGE_S3_SECRET_ACCESS_KEY es obligatoria junto con STORAGE_S3_ACCESS_KEY_ID']);
      const other = failure(() =>
        withEnv(s3Env({ STORAGE_DRIVER: 's3', STORAGE_S3_SECRET_ACCESS_KEY: 'muy-secreta', STORAGE_S3_ENDPOINT: 'no es url' }), loadStorageConfig),
      );
      expect(other.message).not.toContain('muy-secreta');
    });

    it.each([
      [{ STORAGE_S3_ENDPOINT: 'minio:9000' }, 'STORAGE_S3_ENDPOINT'],
      [{ STORAGE_S3_FORCE_PATH_STYLE: 'quizas' }, 'STORAGE_S3_FORCE_PATH_STYLE'],
      [{ STORAGE_S3_PREFIX: '/abs/' }, 'STORAGE_S3_PREFIX'],
      [{ STORAGE_S3_PREFIX: 'a/../b' }, 'STORAGE_S3_PREFIX'],
    ])('%j is refused naming the variable', (vars, name) => {
      const error = failure(() => withEnv(s3Env({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'facturas', ...vars }), loadStorageConfig));
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toMatch(new RegExp(`^${name} `));
    });

    it('defaults: us-east-1, path style exactly when an endpoint is set, no prefix, the SDK chain without keys', () => {
      expect(withEnv(s3Env({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'facturas' }), loadStorageConfig).s3).toEqual({
        bucket: 'facturas',
        endpoint: undefined,
        region: 'us-east-1',
        credentials: undefined,
        forcePathStyle: false,
        prefix: undefined,
      });
      const minio = withEnv(
        s3Env({
          STORAGE_DRIVER: 's3',
          STORAGE_S3_BUCKET: 'facturas',
          STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
          STORAGE_S3_ACCESS_KEY_ID: 'k',
          STORAGE_S3_SECRET_ACCESS_KEY: 's',
          STORAGE_S3_PREFIX: 'facturacion/prod',
        }),
        loadStorageConfig,
      ).s3;
      expect(minio).toMatchObject({ forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' }, prefix: 'facturacion/prod' });
      const vhost = withEnv(
        s3Env({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'facturas', STORAGE_S3_ENDPOINT: 'https://r2.example', STORAGE_S3_FORCE_PATH_STYLE: 'false' }),
        loadStorageConfig,
      );
      expect(vhost.s3?.forcePathStyle).toBe(false);
      const byDefault = withEnv(s3Env({}), loadStorageConfig);
      expect(byDefault.driver).toBe('postgres');
      expect(byDefault.s3).toBeUndefined();
    });
  });

  it('a required variable without default is named', () => {
    expect(() => readEnv('x', { ALGO: int(undefined) }, {})).toThrow("Configuración 'x' inválida: ALGO es obligatoria");
  });
});
