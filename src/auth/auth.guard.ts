import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard, IAuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ClsService } from 'nestjs-cls';
import { AppClsStore, AuthPrincipal } from '@/common/context/request-context';
import { IS_PUBLIC } from '@/common/decorators/public.decorator';
import { ALLOWS_QUERY_TOKEN } from '@/common/decorators/query-token.decorator';
import { MSG } from '@/common/errors/messages';
import { BEARER, BEARER_OR_QUERY } from './bearer.strategy';

/** Passport's guard for one strategy, answering our exact 401 body instead of Passport's bare one. */
function passportGuard(strategy: string): IAuthGuard {
  class StrategyGuard extends PassportAuthGuard(strategy) {
    override handleRequest<T>(error: unknown, user: T | false): T {
      if (error) throw error;
      if (!user) throw unauthenticated();
      return user;
    }
  }
  return new StrategyGuard();
}

/**
 * Deny by default: every route needs a live bearer token unless marked @Public(). Only authenticates:
 * the principal goes into the request context for PermissionsGuard (403) and EmpresaScopeInterceptor
 * (active company), which run after it.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly header = passportGuard(BEARER);
  private readonly headerOrQuery = passportGuard(BEARER_OR_QUERY);

  constructor(
    private readonly reflector: Reflector,
    private readonly cls: ClsService<AppClsStore>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const allowQuery = this.reflector.getAllAndOverride<boolean>(ALLOWS_QUERY_TOKEN, targets) ?? false;
    await (allowQuery ? this.headerOrQuery : this.header).canActivate(context);
    const principal = context.switchToHttp().getRequest<Request & { user?: AuthPrincipal }>().user;
    if (!principal) throw unauthenticated();
    this.cls.set('principal', principal);
    return true;
  }
}

function unauthenticated(): UnauthorizedException {
  return new UnauthorizedException({ success: false, message: MSG.noAutenticado });
}
