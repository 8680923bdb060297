import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { authConfig, AuthConfig } from '@/config/auth.config';
import { MSG } from '@/common/errors/messages';
import { sessionMaxHours } from './auth-limits';
import { PersonalAccessToken } from './entities/personal-access-token.entity';
import { forgetAllPrincipals } from './principal-cache';

const TOKEN_PATTERN = /^(\d{1,18})\|([A-Za-z0-9]{40})$/;

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** A live token with the state of its user that the guard needs, read in one query. */
export interface LiveSession {
  tokenId: string;
  userId: number;
  rolId: number;
  userEmpresaId: number;
  empresaActiva: number;
  expiresAt: Date;
}

@Injectable()
export class TokensService {
  constructor(
    @InjectRepository(PersonalAccessToken) private readonly tokens: Repository<PersonalAccessToken>,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {}

  /** A new chain: the login time is its start. */
  async issue(userId: number, empresaActiva: number): Promise<IssuedToken> {
    return this.create(this.tokens.manager, userId, empresaActiva, new Date());
  }

  /**
   * The live session for a presented bearer string, or null when the token is malformed, unknown, revoked,
   * expired, past its chain's absolute lifetime, or its user or the user's company is inactive.
   */
  async resolve(presented: string): Promise<LiveSession | null> {
    const match = TOKEN_PATTERN.exec(presented);
    if (!match) return null;
    const rows: Array<{
      id: string;
      token_hash: string;
      user_id: number;
      rol_id: number;
      id_empresa: number;
      id_empresa_activa: number;
      expires_at: Date;
    }> = await this.tokens.query(
      `SELECT t.id, t.token_hash, t.user_id, t.id_empresa_activa, t.expires_at, u.rol_id, u.id_empresa
           FROM personal_access_tokens t
           JOIN users u ON u.id = t.user_id
           JOIN empresas e ON e.id_empresa = u.id_empresa
          WHERE t.id = $1
            AND t.revoked_at IS NULL
            AND t.expires_at > now()
            AND t.sesion_inicio > now() - make_interval(secs => $2)
            AND u.estado = '1'
            AND e.estado = '1'
            -- an administrator switched into a company that was deactivated since: that session ends too
            AND (t.id_empresa_activa = u.id_empresa
                 OR EXISTS (SELECT 1 FROM empresas a WHERE a.id_empresa = t.id_empresa_activa AND a.estado = '1'))`,
      [match[1], sessionMaxHours() * 3600],
    );
    const row = rows[0];
    if (!row) return null;
    const expected = Buffer.from(row.token_hash, 'hex');
    const given = Buffer.from(sha256(match[2]), 'hex');
    if (!timingSafeEqual(expected, given)) return null;
    return {
      tokenId: String(row.id),
      userId: row.user_id,
      rolId: row.rol_id,
      userEmpresaId: row.id_empresa,
      empresaActiva: row.id_empresa_activa,
      expiresAt: new Date(row.expires_at),
    };
  }

  async revoke(tokenId: string): Promise<void> {
    await this.tokens.update({ id: tokenId }, { revoked_at: new Date() });
    forgetAllPrincipals();
  }

  async setEmpresaActiva(tokenId: string, empresaId: number): Promise<void> {
    await this.tokens.update({ id: tokenId }, { id_empresa_activa: empresaId });
    forgetAllPrincipals();
  }

  /**
   * Revokes the presented token and returns one successor that keeps its active company and its chain's
   * start: the successor expires after the token lifetime or at the chain's absolute end, whichever is
   * first. A token already refreshed (a concurrent refresh won) gives 401.
   */
  async refresh(tokenId: string, userId: number, empresaActiva: number): Promise<IssuedToken> {
    const issued = await this.tokens.manager.transaction(async (manager) => {
      const revoked: [Array<{ sesion_inicio: Date }>, number] = await manager.query(
        `UPDATE personal_access_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING sesion_inicio`,
        [tokenId],
      );
      const start = revoked[0]?.[0]?.sesion_inicio;
      if (!start) throw new UnauthorizedException({ success: false, message: MSG.noAutenticado });
      return this.create(manager, userId, empresaActiva, new Date(start));
    });
    forgetAllPrincipals();
    return issued;
  }

  private async create(manager: EntityManager, userId: number, empresaActiva: number, sesionInicio: Date): Promise<IssuedToken> {
    const secret = randomSecret();
    const chainEnd = sesionInicio.getTime() + sessionMaxHours() * 3_600_000;
    const expiresAt = new Date(Math.min(Date.now() + this.config.tokenTtlMinutes * 60_000, chainEnd));
    if (expiresAt.getTime() <= Date.now()) throw new UnauthorizedException({ success: false, message: MSG.noAutenticado });
    const row = await manager.save(
      manager.create(PersonalAccessToken, {
        user_id: userId,
        token_hash: sha256(secret),
        id_empresa_activa: empresaActiva,
        expires_at: expiresAt,
        sesion_inicio: sesionInicio,
      }),
    );
    return { token: `${row.id}|${secret}`, expiresAt };
  }
}

function randomSecret(): string {
  // 40 alphanumeric characters from 30 random bytes (base64url minus '-' and '_' retried away).
  let out = '';
  while (out.length < 40)
    out += randomBytes(45)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '');
  return out.slice(0, 40);
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
