import { CallHandler, ExecutionContext, HttpException, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { MSG_FRAMEWORK } from '../errors/mensajes-framework';

/** @nestjs/swagger's key of @ApiConsumes (DECORATORS.API_CONSUMES): the media types a route declares besides JSON. */
const API_CONSUMES = 'swagger/apiConsumes';

const JSON_TYPES = ['application/json', '+json'];

/**
 * A route that reads a `@Body()` reads JSON (and whatever else it declares with @ApiConsumes, e.g. multipart forms):
 * a body of any other type (text/plain, a form, XML, no Content-Type) is a 415 saying what to send, rather than a
 * 422 listing every field of a body the parser never read. Requests without a body go on to the validation.
 */
@Injectable()
export class CuerpoJsonInterceptor implements NestInterceptor {
  /** Media types each handler accepts; undefined for handlers without a body. */
  private readonly tipos = new WeakMap<object, string[] | undefined>();

  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const tipos = this.tiposDe(context);
    const req = context.switchToHttp().getRequest<Request>();
    // A Content-Length of 0 is no body (type-is would take it for one).
    const conCuerpo = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (tipos && conCuerpo && !req.is(tipos)) {
      const legibles = tipos.filter((t) => t !== '+json');
      throw new HttpException({ success: false, message: MSG_FRAMEWORK.tipoNoAdmitido(legibles) }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    }
    return next.handle();
  }

  private tiposDe(context: ExecutionContext): string[] | undefined {
    const handler = context.getHandler();
    if (this.tipos.has(handler)) return this.tipos.get(handler);
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {}) as Record<string, unknown>;
    const leeCuerpo = Object.keys(args).some((k) => k.split(':')[0] === String(RouteParamtypes.BODY));
    const declarados = this.reflector.getAllAndOverride<string[] | undefined>(API_CONSUMES, [handler, context.getClass()]) ?? [];
    const tipos = leeCuerpo ? [...new Set([...JSON_TYPES, ...declarados])] : undefined;
    this.tipos.set(handler, tipos);
    return tipos;
  }
}
