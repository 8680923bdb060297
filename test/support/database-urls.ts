/** Prefix of the test databases; parallel runs against one server set TEST_DB_PREFIX apart. */
const PREFIX = (process.env.TEST_DB_PREFIX ?? 'facturacion_test').replace(/[^a-z0-9_]/gi, '');

export const TEMPLATE_DB = `${PREFIX}_template`;

/** The database a jest worker recreates for each of its test files. */
export function workerDatabase(workerId: string): string {
  return `${PREFIX}_w${workerId.replace(/[^0-9]/g, '')}`;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The maintenance database of the same server, for CREATE/DROP DATABASE. */
export function adminUrlOf(url: string): string {
  return withDatabase(url, 'postgres');
}
