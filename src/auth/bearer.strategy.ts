import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { ADMIN_ROLE_ID, AuthPrincipal } from '@/common/context/request-context';
import { authConfig, AuthConfig } from '@/config/auth.config';
import { PermissionsService } from '@/permissions/permissions.service';
import { principalCache } from './principal-cache';
import { TokensService } from './tokens.service';

/** Header only: every /api route. */
export const BEARER = 'bearer';
/** Header, else ?token=: the browser download routes marked @AllowQueryToken(). */
export const BEARER_OR_QUERY = 'bearer-or-query';

/**
 * Resolves a presented `<id>|<secret>` token to its principal (one query: token live and inside its
 * chain's lifetime, user active, user's company active; then the role's permissions), or null: the guard
 * answers 401. A principal resolved in the last AUTH_CACHE_TTL_MS comes from principal-cache.ts.
 */
async function principalOf(
  tokens: TokensService,
  permissions: PermissionsService,
  config: AuthConfig,
  presented: string | undefined,
): Promise<AuthPrincipal | null> {
  if (!presented) return null;
  const ttl = config.principalCacheTtlMs;
  const cached = ttl > 0 ? principalCache.get(presented) : undefined;
  if (cached) return cached;
  const generation = principalCache.begin();
  const session = await tokens.resolve(presented);
  if (!session) return null;
  const isAdmin = session.rolId === ADMIN_ROLE_ID;
  const principal: AuthPrincipal = Object.freeze({
    userId: session.userId,
    rolId: session.rolId,
    tokenId: session.tokenId,
    isAdmin,
    permissions: Object.freeze(isAdmin ? [] : await permissions.namesForRole(session.rolId)) as string[],
    userEmpresaId: session.userEmpresaId,
    empresaActiva: session.empresaActiva,
  });
  if (ttl > 0) principalCache.set(presented, principal, Math.min(Date.now() + ttl, session.expiresAt.getTime()), generation);
  return principal;
}

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, BEARER) {
  constructor(
    private readonly tokens: TokensService,
    private readonly permissions: PermissionsService,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {
    super();
  }

  validate(request: Request): Promise<AuthPrincipal | null> {
    return principalOf(this.tokens, this.permissions, this.config, bearerOf(request));
  }
}

@Injectable()
export class BearerOrQueryStrategy extends PassportStrategy(Strategy, BEARER_OR_QUERY) {
  constructor(
    private readonly tokens: TokensService,
    private readonly permissions: PermissionsService,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {
    super();
  }

  validate(request: Request): Promise<AuthPrincipal | null> {
    // A header that is present but not a bearer token is refused, never overridden by ?token=.
    return principalOf(this.tokens, this.permissions, this.config, bearerOf(request) ?? queryTokenOf(request));
  }
}

/** undefined without an Authorization header; '' (refused) when it is not `Bearer <token>`. */
export function bearerOf(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : '';
}

function queryTokenOf(request: Request): string | undefined {
  const token = request.query.token;
  return typeof token === 'string' && token ? token : undefined;
}
