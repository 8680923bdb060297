import { createHash } from 'node:crypto';
import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ClsService } from 'nestjs-cls';
import { Observable, of } from 'rxjs';
import { AppClsStore } from '../context/request-context';
import { conflict, invalidField } from '../errors/http-errors';
import { IdempotencyOwner } from './idempotency-sealing';
import { IdempotencyStore } from './idempotency.store';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MSG = {
  formato: 'Debe tener de 1 a 255 caracteres ASCII visibles.',
  otraSolicitud: 'La clave ya se usó con otra solicitud.',
  enProceso: 'Una solicitud con la misma Idempotency-Key está en proceso.',
  efectuada: 'La solicitud con esta Idempotency-Key se efectuó, pero su respuesta se perdió; consulte el recurso antes de repetirla con otra clave.',
} as const;

/**
 * `Idempotency-Key` on any authenticated JSON POST, PUT, PATCH or DELETE (creates, sends, voidings; multipart
 * uploads ignore it: their body is read after this runs): the first 2xx answer is kept 24 h, encrypted, for the
 * company, user and key and replayed (header Idempotent-Replayed: true) when the same user sends the same request
 * again; the same user's key with another method, path or body is a 422; while the first is running, 409. Another
 * user's key is never seen: for them it is a new key. Public routes (login) have no user: the header is ignored.
 * A 4xx or 5xx answer is not kept (nothing was created: one transaction per operation), so a corrected retry
 * may use the key again.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly store: IdempotencyStore,
    private readonly cls: ClsService<AppClsStore>,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const raw = req.headers['idempotency-key'];
    const auth = this.cls.isActive() ? this.cls.get('auth') : undefined;
    if (raw === undefined || req.method === 'GET' || req.method === 'HEAD' || !auth || req.is('multipart/form-data')) return next.handle();
    const clave = Array.isArray(raw) ? raw.join(',') : raw;
    if (!KEY.test(clave)) throw invalidField(IDEMPOTENCY_HEADER, IDEMPOTENCY_MSG.formato);

    const res = context.switchToHttp().getResponse<Response>();
    const owner: IdempotencyOwner = { empresaId: auth.empresaId, usuarioId: auth.userId, clave };
    const claim = await this.store.claim(owner, fingerprint(req));
    switch (claim.kind) {
      case 'mismatch':
        throw invalidField(IDEMPOTENCY_HEADER, IDEMPOTENCY_MSG.otraSolicitud);
      case 'busy':
        throw conflict(IDEMPOTENCY_MSG.enProceso);
      case 'done':
        throw conflict(IDEMPOTENCY_MSG.efectuada);
      case 'replay':
        res.status(claim.status).setHeader('Idempotent-Replayed', 'true');
        return of(claim.body);
      case 'claimed':
        this.cls.set('idempotency', owner);
        this.answerThenRemember(res, owner);
        return next.handle();
    }
  }

  /** Every answer of this request goes out through res.json: a 2xx is stored before it is sent. */
  private answerThenRemember(res: Response, owner: IdempotencyOwner): void {
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const status = res.statusCode;
      const kept = status >= 200 && status < 300 ? this.store.complete(owner, status, body) : this.store.release(owner);
      kept.then(
        () => send(body),
        (e: unknown) => {
          this.logger.error(`Idempotency-Key no registrada (${(e as Error).message})`);
          send(body);
        },
      );
      return res;
    };
    // A client that gave up (timeout) does not release the claim: the request runs on and its answer is kept for
    // the retry. A process that dies leaves it unanswered: the same request takes it over after 5 minutes, unless
    // one of its transactions committed (the claim is then `efectuada`: a 409, never the work done twice).
  }
}

/** Method, path and body of the request. */
function fingerprint(req: Request): string {
  return createHash('sha256')
    .update(`${req.method} ${req.originalUrl}\n`)
    .update(JSON.stringify(req.body ?? null))
    .digest('hex');
}
