export const TEMPLATE_DB = 'facturacion_test_template';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The maintenance database of the same server, for CREATE/DROP DATABASE. */
export function adminUrlOf(url: string): string {
  return withDatabase(url, 'postgres');
}
