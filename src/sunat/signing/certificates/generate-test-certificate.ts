import { createPrivateKey, generateKeyPair, randomBytes, X509Certificate } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { checkCertificate, type LoadedCertificate } from './loaded-certificate';

const generateRsaKeyPair = promisify(generateKeyPair);
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestCertificateOptions {
  ruc: string;
  razonSocial?: string;
  /** Defaults: one day ago (clock skew) until five years from now. */
  notBefore?: Date;
  notAfter?: Date;
}

export interface GeneratedCertificate {
  /** PKCS#8 PEM: store it encrypted (see secret-encryption.ts). */
  privateKeyPem: string;
  certificatePem: string;
  /** Key and certificate checked except against the clock (tests ask for expired ones on purpose). */
  loaded: LoadedCertificate;
}

/**
 * Self-signed RSA-2048 certificate for companies in beta mode without their own: SUNAT's beta
 * endpoints accept any certificate, production does not.
 */
export async function generateTestCertificate(options: TestCertificateOptions): Promise<GeneratedCertificate> {
  const { privateKey: privateKeyPem, publicKey: publicKeyPem } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

  const now = Date.now();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  // High bit cleared so the DER INTEGER stays positive.
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  cert.validity.notBefore = options.notBefore ?? new Date(now - DAY_MS);
  cert.validity.notAfter = options.notAfter ?? new Date(now + 5 * 365 * DAY_MS);
  const name = subjectOf(options);
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  const certificatePem = forge.pki.certificateToPem(cert);

  const loaded = checkCertificate(createPrivateKey(privateKeyPem), new X509Certificate(certificatePem), { allowExpired: true });
  return { privateKeyPem, certificatePem, loaded };
}

function subjectOf({ ruc, razonSocial }: TestCertificateOptions): forge.pki.CertificateField[] {
  // UTF8String so that names like 'PANADERÍA ÑAÑA S.A.C.' survive; forge defaults to PrintableString
  // (and encodes the JS string to UTF-8 itself).
  const utf8 = (value: string) => ({ value, valueTagClass: forge.asn1.Type.UTF8 as number });
  return [
    { shortName: 'C', value: 'PE' },
    ...(razonSocial ? [{ shortName: 'O', ...utf8(razonSocial) }] : []),
    { shortName: 'OU', ...utf8(`RUC ${ruc}`) },
    { shortName: 'CN', ...utf8(`${ruc} - CERTIFICADO DE PRUEBA`) },
  ] as forge.pki.CertificateField[];
}
