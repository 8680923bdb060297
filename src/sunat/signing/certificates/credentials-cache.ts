import type { SigningCredentials } from '../signing-credentials';

/**
 * Keeps one parsed key per company so that signing never re-reads a PFX or PEM (forge's PKCS#12
 * decryption alone costs more than a hundred signatures). The version (e.g. the certificate's
 * fingerprint or the row's updated_at) makes a replaced certificate take effect at once.
 */
export class SigningCredentialsCache {
  private readonly entries = new Map<string, { version: string; credentials: Promise<SigningCredentials> }>();

  /** Concurrent first calls share one load, so a beta company never gets two test certificates. */
  get(companyId: string | number, version: string, load: () => SigningCredentials | Promise<SigningCredentials>): Promise<SigningCredentials> {
    const key = String(companyId);
    const entry = this.entries.get(key);
    if (entry && entry.version === version) return entry.credentials;
    const credentials = Promise.resolve().then(load);
    this.entries.set(key, { version, credentials });
    credentials.catch(() => {
      if (this.entries.get(key)?.credentials === credentials) this.entries.delete(key);
    });
    return credentials;
  }

  invalidate(companyId: string | number): void {
    this.entries.delete(String(companyId));
  }
}
