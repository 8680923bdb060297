import { generateKeyPairSync } from 'node:crypto';
import * as forge from 'node-forge';
import { signXml } from '@/sunat/signing/xml-signer';
import type { SigningCredentials } from '@/sunat/signing/signing-credentials';

/*
 * Signs builder output with the project's XmlSigner and a throwaway RSA-2048 key and self-signed
 * certificate, so XSD tests can validate the signed document (the UBL XSD needs a child in
 * ExtensionContent) exactly as it will be sent.
 */

export interface TestCredentials extends SigningCredentials {
  certificatePem: string;
}

let cached: TestCredentials | undefined;

export function testCredentials(): TestCredentials {
  if (cached) return cached;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [{ name: 'commonName', value: 'PRUEBA SUNAT 20000000001' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()), forge.md.sha256.create());
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  cached = {
    privateKey,
    certificateDerBase64: forge.util.encode64(der),
    certificatePem: forge.pki.certificateToPem(cert),
  };
  return cached;
}

export function signForTests(xml: string): string {
  return signXml(xml, testCredentials()).xml;
}
