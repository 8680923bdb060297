import { EntityManager } from 'typeorm';
import { PersonalAccessToken } from './entities/personal-access-token.entity';
import { forgetAllPrincipals } from './principal-cache';

/**
 * Revokes every live token of a user except `keepTokenId`. Shared with the usuarios module, which changes
 * passwords inside its own transaction (and which the auth module depends on, so it cannot inject TokensService).
 */
export async function revokeUserTokens(manager: EntityManager, userId: number, keepTokenId?: string): Promise<void> {
  const qb = manager
    .createQueryBuilder()
    .update(PersonalAccessToken)
    .set({ revoked_at: () => 'now()' })
    .where('user_id = :userId AND revoked_at IS NULL', { userId });
  if (keepTokenId) qb.andWhere('id <> :keep', { keep: keepTokenId });
  await qb.execute();
  forgetAllPrincipals(); // again by the caller once its transaction commits (see principal-cache.ts)
}
