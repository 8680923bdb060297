import type { NextFunction, Request, Response } from 'express';

/**
 * A body body-parser could not read: its `type` ('entity.parse.failed', 'entity.too.large', 'charset.unsupported'...)
 * and status. Nest turns body-parser's SyntaxError into a bare 400 with the parser's English text, losing the type,
 * so bodyParserErrors() hands the filter this instead.
 */
export class CuerpoIlegible extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
  ) {
    super(`body-parser: ${type}`);
    this.name = 'CuerpoIlegible';
  }
}

/** The `type` body-parser (and raw-body under it) marks each of its errors with. */
const TIPOS = new Set([
  'entity.parse.failed',
  'entity.too.large',
  'entity.verify.failed',
  'charset.unsupported',
  'encoding.unsupported',
  'request.aborted',
  'request.size.invalid',
  'stream.encoding.set',
  'stream.not.readable',
  'parameters.too.many',
  'depth.exceeded',
]);

export function esErrorDeBodyParser(e: unknown): e is { type: string; status: number } {
  if (typeof e !== 'object' || e === null) return false;
  const { type, status } = e as { type?: unknown; status?: unknown };
  return typeof type === 'string' && TIPOS.has(type) && typeof status === 'number';
}

/** Express error middleware, mounted right after the body parsers. */
export function bodyParserErrors(err: unknown, _req: Request, _res: Response, next: NextFunction): void {
  next(esErrorDeBodyParser(err) && !(err instanceof CuerpoIlegible) ? new CuerpoIlegible(err.type, err.status) : err);
}
