import { IncomingHttpHeaders, IncomingMessage, request, ServerResponse } from 'node:http';

/** A request read in full, so that it can be sent upstream again. */
export interface BufferedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function readRequest(req: IncomingMessage): Promise<BufferedRequest> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', reject);
    req.on('end', () => resolve({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) }));
  });
}

/**
 * Sends `buffered` to `upstream` on a fresh connection (no keep-alive: a connection refused then always means the
 * upstream is down, never a stale pooled socket). Resolves with the upstream's response once its headers arrive.
 */
export function sendUpstream(upstream: string, buffered: BufferedRequest): Promise<IncomingMessage> {
  const target = new URL(buffered.url, upstream);
  const headers = { ...buffered.headers, host: target.host, connection: 'close', 'content-length': String(buffered.body.length) };
  delete headers['transfer-encoding'];
  return new Promise((resolve, reject) => {
    const out = request(target, { method: buffered.method, headers, agent: false }, resolve);
    out.on('error', reject);
    out.end(buffered.body);
  });
}

/** Copies an upstream response to the client; a response cut upstream (its process died) cuts the client's too. */
export function pipeResponse(upstream: IncomingMessage, res: ServerResponse): void {
  res.writeHead(upstream.statusCode ?? 502, upstream.headers);
  upstream.on('error', () => res.destroy());
  upstream.on('aborted', () => res.destroy());
  upstream.pipe(res);
}

export function replyJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(payload.length), ...headers });
  res.end(payload);
}
