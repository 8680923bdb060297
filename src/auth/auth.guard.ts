import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ClsService } from 'nestjs-cls';
import { ADMIN_ROLE_ID, AppClsStore } from '@/common/context/request-context';
import { IS_PUBLIC } from '@/common/decorators/public.decorator';
import { ALLOWS_QUERY_TOKEN } from '@/common/decorators/query-token.decorator';
import { MSG } from '@/common/errors/messages';
import { PermissionsService } from '@/permissions/permissions.service';
import { TokensService } from './tokens.service';

/**
 * Deny by default: every route needs a live bearer token unless marked @Public(). The resolved user,
 * role permissions and active company go into the request context for the guards and services after it.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly permissions: PermissionsService,
    private readonly cls: ClsService<AppClsStore>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const allowQuery = this.reflector.getAllAndOverride<boolean>(ALLOWS_QUERY_TOKEN, targets) ?? false;
    const presented = bearerOf(request) ?? (allowQuery ? queryTokenOf(request) : undefined);
    if (!presented) throw unauthenticated();
    // One query: token live and inside its chain's lifetime, user active, user's company active.
    const session = await this.tokens.resolve(presented);
    if (!session) throw unauthenticated();
    const isAdmin = session.rolId === ADMIN_ROLE_ID;
    this.cls.set('auth', {
      userId: session.userId,
      rolId: session.rolId,
      // Only administrators can move off their own company; a stale switch on a demoted user is ignored.
      empresaId: isAdmin ? session.empresaActiva : session.userEmpresaId,
      tokenId: session.tokenId,
      isAdmin,
      permissions: isAdmin ? [] : await this.permissions.namesForRole(session.rolId),
    });
    return true;
  }
}

function unauthenticated(): UnauthorizedException {
  return new UnauthorizedException({ success: false, message: MSG.noAutenticado });
}

function bearerOf(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : '';
}

function queryTokenOf(request: Request): string | undefined {
  const token = request.query.token;
  return typeof token === 'string' && token ? token : undefined;
}
