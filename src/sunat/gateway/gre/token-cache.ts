export interface CachedToken {
  accessToken: string;
  /** Epoch ms after which the token is no longer used (already shortened by the safety margin). */
  usableUntil: number;
}

/**
 * One token per company key. Concurrent callers share the in-flight request so a burst of guides
 * does not ask SUNAT for a burst of tokens.
 */
export class GreTokenCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<CachedToken>>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, fetch: () => Promise<CachedToken>): Promise<CachedToken> {
    const cached = this.tokens.get(key);
    if (cached && cached.usableUntil > this.now()) return cached;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const request = fetch()
      .then((token) => {
        this.tokens.set(key, token);
        return token;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  invalidate(key: string): void {
    this.tokens.delete(key);
  }
}

/** Keep a margin before SUNAT's expiry; a very short-lived token is used for half its life. */
export function usableUntil(now: number, expiresInSeconds: number, marginSeconds: number): number {
  const lifetime = Math.max(0, expiresInSeconds);
  const margin = Math.min(marginSeconds, lifetime / 2);
  return now + (lifetime - margin) * 1000;
}
