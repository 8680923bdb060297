import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An incoming X-Request-Id is kept only when it is a short token: nothing that could forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The caller's id when sane (a proxy's or a client's, to follow one request across systems), else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * First middleware of the app, for every route (/api, web routes, unknown paths): fixes the request id
 * (req.id, which the pino logger reuses) and returns it in X-Request-Id on every response, errors included.
 */
export function requestIdMiddleware(req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void): void {
  const id = requestIdFrom(req.headers['x-request-id']);
  req.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
}
