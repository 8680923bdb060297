import { randomBytes } from 'node:crypto';
import { SecretUnreadableError } from '@/sunat/signing/secret-encryption';
import { idempotencyAnswerKey, openAnswer, sealAnswer } from './idempotency-sealing';

describe('idempotency answer sealing', () => {
  const appKey = randomBytes(32);
  const key = idempotencyAnswerKey(appKey);
  const owner = { empresaId: 1, usuarioId: 7, clave: 'k-1' };
  const body = { success: true, token: '12|secreto-de-prueba' };

  it('opens for its own company, user and key, and holds nothing readable', () => {
    const blob = sealAnswer(body, key, owner);
    expect(blob).toMatch(/^v1:/);
    expect(blob).not.toContain('secreto-de-prueba');
    expect(openAnswer(blob, key, owner)).toEqual(body);
  });

  it('does not open for another user, company or key, nor with another APP_KEY', () => {
    const blob = sealAnswer(body, key, owner);
    expect(() => openAnswer(blob, key, { ...owner, usuarioId: 8 })).toThrow(SecretUnreadableError);
    expect(() => openAnswer(blob, key, { ...owner, empresaId: 2 })).toThrow(SecretUnreadableError);
    expect(() => openAnswer(blob, key, { ...owner, clave: 'k-2' })).toThrow(SecretUnreadableError);
    expect(() => openAnswer(blob, idempotencyAnswerKey(randomBytes(32)), owner)).toThrow(SecretUnreadableError);
  });

  it('is not APP_KEY’s own key', () => {
    expect(key.equals(appKey)).toBe(false);
    expect(key).toHaveLength(32);
  });
});
