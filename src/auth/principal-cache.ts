import { createHash } from 'node:crypto';
import type { AuthPrincipal } from '@/common/context/request-context';

/** Most tokens kept at once; past it the oldest entry goes. */
const MAX_ENTRIES = 10_000;

interface Entry {
  principal: AuthPrincipal;
  until: number;
}

/**
 * Presented token -> principal for a few seconds, so that a hot token costs no database round trip.
 *
 * This process forgets everything at once (`forgetAllPrincipals`) whenever it changes what a principal is made
 * of: logout, refresh, company switch, password change, user, role or company updates. Another replica's
 * change (or a direct database update) takes effect here when the entry expires: at most the TTL
 * (AUTH_CACHE_TTL_MS, default 2 s; 0 turns the cache off). Keys are SHA-256 digests, never the tokens.
 */
class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  /** Requests answered from the cache since start (a figure for tests and benchmarks). */
  hits = 0;

  get(presented: string, now = Date.now()): AuthPrincipal | undefined {
    const key = digest(presented);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    this.hits++;
    return entry.principal;
  }

  /** The generation to pass to `set`: a principal read before a change is not cached after it. */
  begin(): number {
    return this.generation;
  }

  set(presented: string, principal: AuthPrincipal, until: number, generation: number): void {
    if (generation !== this.generation || until <= Date.now()) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(digest(presented), { principal, until });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

function digest(presented: string): string {
  return createHash('sha256').update(presented).digest('base64');
}

export const principalCache = new PrincipalCache();

/** Every cached principal of this process is dropped (call after a change that affects sessions). */
export function forgetAllPrincipals(): void {
  principalCache.clear();
}
