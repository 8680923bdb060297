export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as { __EMBEDDED_PG__?: { stop(): Promise<void> } }).__EMBEDDED_PG__;
  if (embedded) await embedded.stop();
}
