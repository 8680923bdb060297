import * as path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module `base` (a path without extension): its compiled .js, or under ts-node and
 * ts-jest (dev, tests, bench) its .ts, with ts-node and the '@/' alias registered inside the worker.
 */
export function spawnModuleWorker(base: string, options: WorkerOptions = {}): Worker {
  const ts = __filename.endsWith('.ts');
  if (!ts) return new Worker(`${base}.js`, { execArgv: [], ...options });
  const root = path.resolve(__dirname, '../../..');
  const code = [
    `require('ts-node').register({ transpileOnly: true, project: ${JSON.stringify(path.join(root, 'tsconfig.json'))} });`,
    `require('tsconfig-paths').register({ baseUrl: ${JSON.stringify(root)}, paths: { '@/*': ['./src/*'] } });`,
    `require(${JSON.stringify(`${base}.ts`)});`,
  ].join('\n');
  return new Worker(code, { execArgv: [], ...options, eval: true });
}
