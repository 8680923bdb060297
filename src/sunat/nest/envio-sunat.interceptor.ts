import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { from, lastValueFrom, Observable } from 'rxjs';
import { SendLimiter } from '../gateway/send-limiter';

/**
 * A send route takes its SUNAT slot before it claims or creates anything: a send that must wait does so before its
 * record is marked as being sent (or an RC/RA batch is written), and a 503 for a full queue leaves nothing behind.
 * The gateway's own call then runs in the slot the request holds (SendLimiter is re-entrant).
 */
@Injectable()
export class EnvioSunatInterceptor implements NestInterceptor {
  constructor(private readonly limiter: SendLimiter) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // lastValueFrom subscribes inside run(): the handler executes in the slot's async context
    return from(this.limiter.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

/** On a route that sends to SUNAT (enviar, RC, RA): see EnvioSunatInterceptor. */
export const EnvioSunat = () => UseInterceptors(EnvioSunatInterceptor);

/** What the OpenAPI description of every route that calls SUNAT adds. */
export const DOC_ENVIOS_OCUPADOS = ' 503 (con `Retry-After`) si hay demasiados envíos a SUNAT en curso.';
