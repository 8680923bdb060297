import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface KeyAndCert {
  privateKeyPem: string;
  certPem: string;
}

/**
 * RSA key from node:crypto (forge's pure-JS key generation takes seconds), certificate from forge:
 * node:crypto cannot issue X.509 certificates.
 */
export function createSelfSignedCert(commonName: string, days = 365): KeyAndCert {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = '01' + randomBytes(8).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + days * 86_400_000);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'countryName', value: 'PE' },
    { name: 'organizationName', value: commonName },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { privateKeyPem, certPem: forge.pki.certificateToPem(cert) };
}
