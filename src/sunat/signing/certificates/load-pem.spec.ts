import { createPrivateKey } from 'node:crypto';
import { ecCertificate } from '../testing/independent-fixtures';
import { sharedTestCertificate } from '../testing/test-credentials';
import {
  CertificateExpiredError,
  CertificateKeyMismatchError,
  CertificateUnreadableError,
  UnsupportedCertificateKeyError,
  WrongCertificatePasswordError,
} from './certificate-errors';
import { generateTestCertificate, type GeneratedCertificate } from './generate-test-certificate';
import { loadPem } from './load-pem';

describe('loadPem', () => {
  let cert: GeneratedCertificate;
  let other: GeneratedCertificate;

  beforeAll(async () => {
    [cert, other] = await Promise.all([sharedTestCertificate(), generateTestCertificate({ ruc: '20111111111' })]);
  });

  it('reads a key and a certificate given apart', () => {
    const loaded = loadPem({ privateKey: cert.privateKeyPem, certificate: cert.certificatePem });
    expect(loaded.certificateDerBase64).toBe(cert.loaded.certificateDerBase64);
    expect(loaded.info.subject).toContain('RUC 20000000001');
  });

  it('reads key and certificate from one combined file', () => {
    const combined = Buffer.from(cert.certificatePem + cert.privateKeyPem);
    expect(loadPem({ privateKey: combined, certificate: combined }).info.fingerprint256).toBe(cert.loaded.info.fingerprint256);
  });

  it('opens an encrypted key with its passphrase and says so when the passphrase is wrong or missing', () => {
    const encrypted = createPrivateKey(cert.privateKeyPem)
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'frase secreta' })
      .toString();
    expect(encrypted).toContain('ENCRYPTED PRIVATE KEY');
    expect(loadPem({ privateKey: encrypted, certificate: cert.certificatePem, passphrase: 'frase secreta' }).privateKey.asymmetricKeyType).toBe('rsa');
    expect(() => loadPem({ privateKey: encrypted, certificate: cert.certificatePem, passphrase: 'otra' })).toThrow(WrongCertificatePasswordError);
    expect(() => loadPem({ privateKey: encrypted, certificate: cert.certificatePem })).toThrow(WrongCertificatePasswordError);
  });

  it('refuses a key that belongs to another certificate', () => {
    expect(() => loadPem({ privateKey: other.privateKeyPem, certificate: cert.certificatePem })).toThrow(CertificateKeyMismatchError);
    expect(() => loadPem({ privateKey: other.privateKeyPem, certificate: cert.certificatePem })).toThrow('La clave privada no corresponde al certificado.');
  });

  it('refuses text without a key or a certificate, and damaged blocks', () => {
    expect(() => loadPem({ privateKey: 'nada', certificate: cert.certificatePem })).toThrow(CertificateUnreadableError);
    expect(() => loadPem({ privateKey: cert.privateKeyPem, certificate: 'nada' })).toThrow(CertificateUnreadableError);
    const damaged = cert.certificatePem.replace(/\n[A-Za-z0-9+/]{10}/, '\n!!!!!!!!!!');
    expect(() => loadPem({ privateKey: cert.privateKeyPem, certificate: damaged })).toThrow(CertificateUnreadableError);
  });

  it('refuses an expired certificate unless told to allow it', () => {
    const now = new Date(cert.loaded.info.valido_hasta.getTime() + 1000);
    expect(() => loadPem({ privateKey: cert.privateKeyPem, certificate: cert.certificatePem }, { now })).toThrow(CertificateExpiredError);
    expect(loadPem({ privateKey: cert.privateKeyPem, certificate: cert.certificatePem }, { now, allowExpired: true })).toBeDefined();
  });

  it('refuses a non-RSA key, which SUNAT does not accept', () => {
    // A valid self-signed P-256 key and certificate pair (node:crypto keys and ECDSA signature).
    const ec = ecCertificate();
    expect(() => loadPem({ privateKey: ec.privateKeyPem, certificate: ec.certificatePem })).toThrow(UnsupportedCertificateKeyError);
  });
});
