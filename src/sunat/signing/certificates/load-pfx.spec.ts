import forge from 'node-forge';
import { openssl3StylePfx } from '../testing/independent-fixtures';
import { sharedTestCertificate } from '../testing/test-credentials';
import { CertificateExpiredError, CertificateNotYetValidError, CertificateUnreadableError, WrongCertificatePasswordError } from './certificate-errors';
import { generateTestCertificate, type GeneratedCertificate } from './generate-test-certificate';
import { loadPfx } from './load-pfx';

/**
 * PFX as OpenSSL 3 writes it by default (PBES2/AES-256, SHA-256 MAC, UTF-8 password): what users upload
 * today. Built field by field with node:crypto (see independent-fixtures.ts), not by the forge code the
 * loader reads it with; `openssl pkcs12 -info` reads these files as its own.
 */
function opensslPfx(cert: GeneratedCertificate, password: string): Buffer {
  return openssl3StylePfx(cert.certificatePem, cert.privateKeyPem, password);
}

/** Legacy 3DES PFX built by forge, optionally carrying extra certificates before the signing one. */
function forgePfx(cert: GeneratedCertificate, password: string, chain: GeneratedCertificate[] = []): Buffer {
  const certs = [...chain, cert].map((c) => forge.pki.certificateFromPem(c.certificatePem));
  const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(cert.privateKeyPem), certs, password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

describe('loadPfx', () => {
  let cert: GeneratedCertificate;
  let other: GeneratedCertificate;
  let expired: GeneratedCertificate;

  beforeAll(async () => {
    [cert, other, expired] = await Promise.all([
      sharedTestCertificate(),
      generateTestCertificate({ ruc: '20111111111' }),
      generateTestCertificate({
        ruc: '20222222222',
        notBefore: new Date('2019-01-01T00:00:00Z'),
        notAfter: new Date('2020-01-31T12:00:00Z'),
      }),
    ]);
  });

  it('reads an OpenSSL 3 PFX: key, certificate and the details shown to the user', () => {
    const loaded = loadPfx(opensslPfx(cert, 'clave ñ 123'), 'clave ñ 123');
    expect(loaded.certificateDerBase64).toBe(cert.loaded.certificateDerBase64);
    expect(loaded.info.subject).toContain('20000000001');
    expect(loaded.info.emisor).toBe(loaded.info.subject);
    expect(loaded.info.valido_hasta).toEqual(cert.loaded.info.valido_hasta);
    expect(loaded.info.valido_desde.getTime()).toBeLessThan(Date.now());
    expect(loaded.privateKey.asymmetricKeyType).toBe('rsa');
  });

  it.each([
    ['OpenSSL 3', () => opensslPfx(cert, 'Contraseña_Ñandú')],
    ['legacy', () => forgePfx(cert, 'Contraseña_Ñandú')],
  ])('opens a %s PFX whose password has Spanish letters, and still refuses a wrong one', (_, pfx) => {
    const data = pfx();
    expect(loadPfx(data, 'Contraseña_Ñandú').certificateDerBase64).toBe(cert.loaded.certificateDerBase64);
    expect(() => loadPfx(data, 'Contrasena_Nandu')).toThrow(WrongCertificatePasswordError);
    expect(() => loadPfx(data, 'Contraseña_Ñandó')).toThrow(WrongCertificatePasswordError);
  });

  it('reads a legacy 3DES PFX and picks the certificate that matches the key among several', () => {
    const loaded = loadPfx(forgePfx(cert, 'secreto', [other]), 'secreto');
    expect(loaded.certificateDerBase64).toBe(cert.loaded.certificateDerBase64);
  });

  it.each([
    ['OpenSSL 3', () => opensslPfx(cert, 'secreto')],
    ['legacy', () => forgePfx(cert, 'secreto')],
  ])('says the password is wrong for a %s PFX opened with another one', (_, pfx) => {
    const data = pfx();
    expect(() => loadPfx(data, 'otra')).toThrow(WrongCertificatePasswordError);
    expect(() => loadPfx(data, 'otra')).toThrow('La contraseña del certificado es incorrecta.');
  });

  it('refuses a file that is not a PFX', () => {
    expect(() => loadPfx(Buffer.from('esto no es un certificado'), 'x')).toThrow(CertificateUnreadableError);
    expect(() => loadPfx(Buffer.from(cert.certificatePem), 'x')).toThrow(CertificateUnreadableError);
  });

  it('refuses an expired certificate, naming the day it expired in Lima', () => {
    const pfx = forgePfx(expired, 'secreto');
    expect(() => loadPfx(pfx, 'secreto')).toThrow(CertificateExpiredError);
    expect(() => loadPfx(pfx, 'secreto')).toThrow('El certificado venció el 2020-01-31.');
  });

  it('still shows an expired certificate when asked to', () => {
    const loaded = loadPfx(forgePfx(expired, 'secreto'), 'secreto', { allowExpired: true });
    expect(loaded.info.valido_hasta).toEqual(new Date('2020-01-31T12:00:00Z'));
  });

  it('refuses a certificate that is not valid yet at the given instant', () => {
    expect(() => loadPfx(forgePfx(cert, 's'), 's', { now: new Date('2001-01-01T00:00:00Z') })).toThrow(CertificateNotYetValidError);
  });
});
