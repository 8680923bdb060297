import { spawnSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    expect(() => loadPem({ privateKey: other.privateKeyPem, certificate: cert.certificatePem })).toThrow(
      'La clave privada no corresponde al certificado.',
    );
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
    const dir = mkdtempSync(join(tmpdir(), 'ec-'));
    try {
      const run = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'k.pem', '-out', 'c.pem', '-subj', '/CN=ec', '-days', '2'], { cwd: dir });
      expect(run.status).toBe(0);
      const input = { privateKey: readFileSync(join(dir, 'k.pem')), certificate: readFileSync(join(dir, 'c.pem')) };
      expect(() => loadPem(input)).toThrow(UnsupportedCertificateKeyError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
