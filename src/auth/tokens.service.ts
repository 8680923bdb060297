import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { authConfig, AuthConfig } from '@/config/auth.config';
import { PersonalAccessToken } from './entities/personal-access-token.entity';

const TOKEN_PATTERN = /^(\d{1,18})\|([A-Za-z0-9]{40})$/;

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

@Injectable()
export class TokensService {
  constructor(
    @InjectRepository(PersonalAccessToken) private readonly tokens: Repository<PersonalAccessToken>,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {}

  async issue(userId: number, empresaActiva: number): Promise<IssuedToken> {
    const secret = randomSecret();
    const expiresAt = new Date(Date.now() + this.config.tokenTtlMinutes * 60_000);
    const row = await this.tokens.save(
      this.tokens.create({ user_id: userId, token_hash: sha256(secret), id_empresa_activa: empresaActiva, expires_at: expiresAt }),
    );
    return { token: `${row.id}|${secret}`, expiresAt };
  }

  /** The live token row for a presented bearer string, or null when malformed, unknown, revoked or expired. */
  async resolve(presented: string): Promise<PersonalAccessToken | null> {
    const match = TOKEN_PATTERN.exec(presented);
    if (!match) return null;
    const row = await this.tokens.findOne({ where: { id: match[1] } });
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return null;
    const expected = Buffer.from(row.token_hash, 'hex');
    const given = Buffer.from(sha256(match[2]), 'hex');
    return timingSafeEqual(expected, given) ? row : null;
  }

  async revoke(tokenId: string): Promise<void> {
    await this.tokens.update({ id: tokenId }, { revoked_at: new Date() });
  }

  async setEmpresaActiva(tokenId: string, empresaId: number): Promise<void> {
    await this.tokens.update({ id: tokenId }, { id_empresa_activa: empresaId });
  }

  /** Revokes the presented token and returns a new one that keeps its active company. */
  async refresh(tokenId: string, userId: number, empresaActiva: number): Promise<IssuedToken> {
    return this.tokens.manager.transaction(async (manager) => {
      await manager.update(PersonalAccessToken, { id: tokenId }, { revoked_at: new Date() });
      const secret = randomSecret();
      const expiresAt = new Date(Date.now() + this.config.tokenTtlMinutes * 60_000);
      const row = await manager.save(
        manager.create(PersonalAccessToken, { user_id: userId, token_hash: sha256(secret), id_empresa_activa: empresaActiva, expires_at: expiresAt }),
      );
      return { token: `${row.id}|${secret}`, expiresAt };
    });
  }
}

function randomSecret(): string {
  // 40 alphanumeric characters from 30 random bytes (base64url minus '-' and '_' retried away).
  let out = '';
  while (out.length < 40) out += randomBytes(45).toString('base64').replace(/[^A-Za-z0-9]/g, '');
  return out.slice(0, 40);
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
