import { join } from 'node:path';
import { Child, freePort, startChild, waitUntilUp } from '../../bench/http-service';

/** The service as a process of its own (src/main.ts under ts-node, as `npm run start:dev`), on a free port. */
export interface ServiceProcess {
  name: string;
  url: string;
  child: Child;
}

const MAIN = join(__dirname, '..', '..', 'src', 'main.ts');

/**
 * Starts src/main.ts with `env` on top of this process's environment and waits until GET /api/health answers
 * (generous: a cold ts-node start of two replicas at once on a loaded machine takes a while). `port` restarts a
 * service at the address its clients already use (default: a free one).
 */
export async function startServiceProcess(name: string, env: NodeJS.ProcessEnv, timeoutMs = 240_000, port?: number): Promise<ServiceProcess> {
  port ??= await freePort();
  // not a jest worker: the service runs as deployed (e.g. with its SUNAT rules worker pool, which jest turns off)
  const { JEST_WORKER_ID: _jestWorker, ...inherited } = process.env;
  const child = startChild(name, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', MAIN], {
    ...inherited,
    ...env,
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(child, `${url}/api/health`, timeoutMs);
  } catch (error) {
    await child.kill('SIGKILL');
    throw error;
  }
  return { name, url, child };
}
