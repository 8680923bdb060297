import { randomBytes } from 'node:crypto';
import { decryptSecret, decryptSecretText, encryptSecret, SecretUnreadableError } from './secret-encryption';

describe('secret encryption', () => {
  const key = randomBytes(32);

  it('round-trips text and binary secrets', () => {
    expect(decryptSecretText(encryptSecret('clave SOL ñ', key), key)).toBe('clave SOL ñ');
    const pfx = randomBytes(3000);
    expect(decryptSecret(encryptSecret(pfx, key), key).equals(pfx)).toBe(true);
  });

  it('never stores the plain text and uses a fresh IV each time', () => {
    const a = encryptSecret('MODDATOS', key);
    const b = encryptSecret('MODDATOS', key);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(Buffer.from(a.slice(3), 'base64').includes(Buffer.from('MODDATOS'))).toBe(false);
  });

  it('detects any change to the stored blob', () => {
    const blob = encryptSecret('secreto', key);
    const raw = Buffer.from(blob.slice(3), 'base64');
    for (const index of [0, 13, raw.length - 1]) {
      const tampered = Buffer.from(raw);
      tampered[index] ^= 0x01;
      expect(() => decryptSecret(`v1:${tampered.toString('base64')}`, key)).toThrow(SecretUnreadableError);
    }
    expect(() => decryptSecret(`v1:${raw.subarray(0, raw.length - 1).toString('base64')}`, key)).toThrow(SecretUnreadableError);
  });

  it('refuses the wrong key with a clear message', () => {
    const blob = encryptSecret('secreto', key);
    expect(() => decryptSecret(blob, randomBytes(32))).toThrow(SecretUnreadableError);
    expect(() => decryptSecret(blob, randomBytes(32))).toThrow('No se pudo descifrar el secreto: la clave no corresponde o los datos fueron alterados.');
  });

  it('binds a blob to its context, so it cannot be moved to another record', () => {
    const blob = encryptSecret('secreto', key, 'empresa:1:clave_sol');
    expect(decryptSecretText(blob, key, 'empresa:1:clave_sol')).toBe('secreto');
    expect(() => decryptSecret(blob, key, 'empresa:2:clave_sol')).toThrow(SecretUnreadableError);
  });

  it('refuses malformed blobs and keys that are not 32 bytes', () => {
    expect(() => decryptSecret('secreto', key)).toThrow(SecretUnreadableError);
    expect(() => decryptSecret('v2:AAAA', key)).toThrow(SecretUnreadableError);
    expect(() => decryptSecret('v1:AAAA', key)).toThrow(SecretUnreadableError);
    expect(() => encryptSecret('x', randomBytes(16))).toThrow(TypeError);
  });
});
