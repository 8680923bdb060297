/**
 * A worker thread of the SUNAT rules pool (pool.ts): loads the compiled rule files once and validates the
 * documents it is sent, one at a time, off the service's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { runSunatRulesHere, warmSunatRules } from './engine';
import type { PoolReply, PoolRequest } from './pool-messages';

function toBuffer(xml: string | Uint8Array): string | Buffer {
  return typeof xml === 'string' ? xml : Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength);
}

const port = parentPort;
if (port) {
  port.on('message', (req: PoolRequest) => {
    const task = req.kind === 'warm' ? warmSunatRules(req.ruleFiles).then(() => undefined) : runSunatRulesHere(req.tipo, toBuffer(req.xml), req.options);
    task.then(
      (report) => port.postMessage({ id: req.id, report } satisfies PoolReply),
      (e: unknown) => {
        const error = e instanceof Error ? e : new Error(String(e));
        port.postMessage({ id: req.id, error: { name: error.name, message: error.message } } satisfies PoolReply);
      },
    );
  });
}
