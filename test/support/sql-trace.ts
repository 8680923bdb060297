import { Client } from 'pg';

/** Every SQL text the service's pg clients send while `run` runs (the real driver, observed, not replaced). */
export async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    sql.push((typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').trim());
    return original.apply(this, args);
  };
  try {
    return { result: await run(), sql };
  } finally {
    proto.query = original;
  }
}

/** 'INSERT INTO ventas', 'UPDATE series', 'SELECT Cliente' …: a statement's verb and first table, for assertions on order. */
export const tableOf = (sql: string): string =>
  sql
    .match(/^(INSERT INTO|UPDATE|SELECT|DELETE FROM)\s+(?:.*?\bFROM\s+)?"?(\w+)"?/)
    ?.slice(1, 3)
    .join(' ') ?? sql.slice(0, 40);
