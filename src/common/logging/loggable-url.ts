/** A signed download link's path: the token in it is the credential. */
const ENLACE_PATH = /^(\/api\/enlaces\/)([^/]+)/;
const ENLACE_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A request's URL as the log shows it: without its query (`?token=` on browser routes) and, for a signed
 * download link, with the link's id (its `jti`) in place of the token, so that no log line can be replayed.
 */
export function loggableUrl(url: string): string {
  const path = url.split('?')[0];
  return path.replace(ENLACE_PATH, (_match, prefix: string, token: string) => `${prefix}[enlace ${enlaceId(token)}]`);
}

/** The `jti` of the link's payload, read without checking the signature (only for the log), or '?' */
function enlaceId(token: string): string {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { jti?: unknown };
    if (typeof payload.jti === 'string' && ENLACE_ID.test(payload.jti)) return payload.jti;
  } catch {
    // not a JWT: nothing to name it by
  }
  return '?';
}
