/*
 * The part of `npm run bench` that needs the running service (issue 20's last line): sends/s and GET /api/ventas p99
 * with SUNAT (the simulator, in a process of its own) answering each sendBill in 1 s, with and without the send load.
 * It starts the same stack as `npm run bench:http` (a build of the service on a throw-away embedded PostgreSQL, or
 * DATABASE_URL) and stops it at the end.
 */
import { loadavg } from 'node:os';
import { startStack } from './http-stack';
import { measureSlowSunat, printSlowSunat, SlowSunatOptions } from './slow-sunat';

export async function runSendsBench(o: SlowSunatOptions & { build: 'auto' | 'always' | 'never' }): Promise<void> {
  const log = (line: string) => console.log(line);
  log(`\nsends under a slow SUNAT (load average ${loadavg()[0].toFixed(1)}): the service over HTTP, as npm run bench:http starts it`);
  const stack = await startStack(log, { build: o.build, simRules: false, maxSockets: o.readers + o.senders + 4 });
  try {
    const result = await measureSlowSunat(stack, o, log);
    printSlowSunat(result, o, log);
  } finally {
    await stack.stop();
  }
}
