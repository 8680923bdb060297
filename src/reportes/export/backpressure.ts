import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Waits while the response's buffer is over its high-water mark (a slow client slows the export down). */
export async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  if (out.destroyed) throw new Error('La conexión se cerró durante la exportación.');
}
