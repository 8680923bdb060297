import forge from 'node-forge';
import { sharedTestCertificate } from '../testing/test-credentials';
import { CertificateUnreadableError, WrongCertificatePasswordError } from './certificate-errors';
import type { GeneratedCertificate } from './generate-test-certificate';
import { loadCertificate } from './load-certificate';

describe('loadCertificate', () => {
  let cert: GeneratedCertificate;
  let pfx: Buffer;

  beforeAll(async () => {
    cert = await sharedTestCertificate();
    const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(cert.privateKeyPem), [forge.pki.certificateFromPem(cert.certificatePem)], 'clave', {
      algorithm: '3des',
    });
    pfx = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  });

  it('reads a PFX with its password', () => {
    expect(loadCertificate({ data: pfx, password: 'clave' }).certificateDerBase64).toBe(cert.loaded.certificateDerBase64);
    expect(() => loadCertificate({ data: pfx, password: 'otra' })).toThrow(WrongCertificatePasswordError);
    expect(() => loadCertificate({ data: pfx })).toThrow(WrongCertificatePasswordError);
  });

  it('reads a PEM holding key and certificate, or a certificate with the key apart', () => {
    const combined = Buffer.from(cert.privateKeyPem + cert.certificatePem);
    expect(loadCertificate({ data: combined }).info.fingerprint256).toBe(cert.loaded.info.fingerprint256);
    const separate = loadCertificate({ data: Buffer.from(cert.certificatePem), privateKey: Buffer.from(cert.privateKeyPem) });
    expect(separate.info.fingerprint256).toBe(cert.loaded.info.fingerprint256);
  });

  it('says what is missing from a PEM certificate uploaded without its key', () => {
    expect(() => loadCertificate({ data: Buffer.from(cert.certificatePem) })).toThrow(CertificateUnreadableError);
    expect(() => loadCertificate({ data: Buffer.from(cert.certificatePem) })).toThrow('no se encontró la clave privada');
  });
});
