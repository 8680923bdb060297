import type { EmbeddedDatabase } from '../../src/database/embedded-postgres';

/** Stops the embedded PostgreSQL of globalSetup, which also removes its temporary data folder. */
export default async function globalTeardown(): Promise<void> {
  const store = globalThis as Record<string, unknown>;
  const embedded = store.__EMBEDDED_PG__ as EmbeddedDatabase | undefined;
  delete store.__EMBEDDED_PG__;
  if (embedded) await embedded.stop();
}
