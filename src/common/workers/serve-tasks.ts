import { parentPort } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from './task-messages';

/** The worker side of a TaskPool: answers every task with `handler`'s value or error, one at a time. */
export function serveTasks<In, Out>(handler: (input: In) => Out | Promise<Out>): void {
  const port = parentPort;
  if (!port) return;
  port.on('message', (req: TaskRequest<In>) => {
    void (async () => {
      let reply: TaskReply<Out>;
      try {
        reply = { id: req.id, value: await handler(req.input) };
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        const code = (error as { code?: unknown }).code;
        reply = { id: req.id, error: { name: error.name, message: error.message, code: typeof code === 'string' ? code : undefined } };
      }
      port.postMessage(reply);
    })();
  });
}
