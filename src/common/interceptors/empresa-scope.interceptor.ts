import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { Observable } from 'rxjs';
import { AppClsStore, AuthPrincipal } from '../context/request-context';

/**
 * Puts the company a request acts on into the request context, after authentication (401) and
 * permissions (403) have passed. Only administrators can move off their own company: a switch stored on
 * the token of a user who has since been demoted is ignored.
 */
@Injectable()
export class EmpresaScopeInterceptor implements NestInterceptor {
  constructor(private readonly cls: ClsService<AppClsStore>) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const principal = this.cls.isActive() ? this.cls.get('principal') : undefined;
    if (principal) this.cls.set('auth', scopeOf(principal));
    return next.handle();
  }
}

export function scopeOf(principal: AuthPrincipal): NonNullable<AppClsStore['auth']> {
  return {
    userId: principal.userId,
    rolId: principal.rolId,
    empresaId: principal.isAdmin ? principal.empresaActiva : principal.userEmpresaId,
    tokenId: principal.tokenId,
    isAdmin: principal.isAdmin,
    permissions: principal.permissions,
  };
}
