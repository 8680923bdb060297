import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import type { SigningCredentials } from '../signing-credentials';
import { SigningCredentialsCache } from './credentials-cache';

// A small key is enough here: the cache never looks inside it.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 512 });
const credentials = (label: string): SigningCredentials => ({
  privateKey: createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })),
  certificateDerBase64: label,
});

describe('SigningCredentialsCache', () => {
  it('loads once per company and version', async () => {
    const cache = new SigningCredentialsCache();
    const load = jest.fn(() => credentials('a'));
    const first = await cache.get(1, 'v1', load);
    expect(await cache.get('1', 'v1', load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads when the certificate version changes or the entry is invalidated', async () => {
    const cache = new SigningCredentialsCache();
    await cache.get(1, 'v1', () => credentials('a'));
    expect((await cache.get(1, 'v2', () => credentials('b'))).certificateDerBase64).toBe('b');
    cache.invalidate(1);
    expect((await cache.get(1, 'v2', () => credentials('c'))).certificateDerBase64).toBe('c');
  });

  it('keeps companies apart', async () => {
    const cache = new SigningCredentialsCache();
    await cache.get(1, 'v1', () => credentials('uno'));
    expect((await cache.get(2, 'v1', () => credentials('dos'))).certificateDerBase64).toBe('dos');
  });

  it('shares one load between concurrent first calls', async () => {
    const cache = new SigningCredentialsCache();
    const load = jest.fn(async () => credentials('a'));
    const [a, b] = await Promise.all([cache.get(1, 'v1', load), cache.get(1, 'v1', load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed load', async () => {
    const cache = new SigningCredentialsCache();
    await expect(
      cache.get(1, 'v1', () => {
        throw new Error('sin certificado');
      }),
    ).rejects.toThrow('sin certificado');
    expect((await cache.get(1, 'v1', () => credentials('ok'))).certificateDerBase64).toBe('ok');
  });
});
