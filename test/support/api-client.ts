import { randomUUID } from 'node:crypto';
import { IncomingHttpHeaders, request } from 'node:http';
import { IDEMPOTENCY_MSG } from '../../src/common/idempotency/idempotency.interceptor';
import { PROXY_ERROR_HEADER } from './round-robin-proxy';

export interface ApiResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  json: any;
}

/** How long a careful client keeps repeating a keyed request that got no answer (generous: a loaded machine). */
const RETRY_FOR_MS = 120_000;

/**
 * An API client over plain HTTP, one connection per request (no keep-alive, so a replica that dies never leaves a
 * stale pooled socket behind). Creates and sends go through `keyed`, as a careful client makes them.
 */
export class ApiClient {
  /** Keyed requests that had to be repeated (no answer, the proxy's 502, or the key still in process). */
  repeats = 0;

  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  withToken(token: string): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  get(path: string): Promise<ApiResponse> {
    return this.send('GET', path);
  }

  /**
   * POST/PUT with an Idempotency-Key, repeated with the same key until the service answers: after a cut
   * connection or the proxy's 502 (no replica took it), while the service says the key is still in process, and
   * after a 503 (too many sends queued: after its Retry-After). The service replays the first answer, so the
   * operation happens once however often it is asked.
   */
  async keyed(method: 'POST' | 'PUT', path: string, body?: unknown, key = randomUUID()): Promise<ApiResponse> {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      const res = await this.send(method, path, body, { 'idempotency-key': key }).catch((error: Error) => error);
      if (!(res instanceof Error) && !mustRepeat(res)) return res;
      if (Date.now() > deadline) throw new Error(`${method} ${path}: sin respuesta tras ${RETRY_FOR_MS / 1000} s (${describe(res)})`);
      this.repeats++;
      const retryAfter = res instanceof Error ? 0 : Number(res.headers['retry-after'] ?? 0);
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(retryAfter * 1000, 500), 10_000)));
    }
  }

  /** `keyed`, expecting `status` (anything else throws with the answer). */
  async must(method: 'POST' | 'PUT', path: string, body: unknown, status: number): Promise<any> {
    const res = await this.keyed(method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${res.body.toString('utf8').slice(0, 500)}`);
    return res.json;
  }

  send(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResponse> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { accept: '*/*', ...extraHeaders };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, this.baseUrl), { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('respuesta cortada')));
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          let json: unknown;
          if (String(res.headers['content-type']).includes('json')) json = JSON.parse(data.toString('utf8'));
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, json });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
}

/** No answer from the service yet: the proxy's 502, the key still in process, or sends queued beyond the limit. */
function mustRepeat(res: ApiResponse): boolean {
  if (res.headers[PROXY_ERROR_HEADER]) return true;
  return (res.status === 409 && res.json?.message === IDEMPOTENCY_MSG.enProceso) || res.status === 503;
}

function describe(res: ApiResponse | Error): string {
  return res instanceof Error ? res.message : `${res.status} ${res.body.toString('utf8').slice(0, 200)}`;
}
