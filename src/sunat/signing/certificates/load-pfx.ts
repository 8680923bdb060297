import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { CertificateKeyMismatchError, CertificateUnreadableError, WrongCertificatePasswordError } from './certificate-errors';
import { withKdfBudget } from './kdf-budget';
import { assertKdfCost } from './kdf-cost';
import { checkCertificate, type CertificateCheckOptions, type LoadedCertificate } from './loaded-certificate';
import { errorMessage } from '@/common/errors/error-detail';

const MAC_FAILURE = /MAC could not be verified/i;

interface Pkcs12Content {
  keyBags: number;
  keys: forge.pki.PrivateKey[];
  certs: forge.pki.Certificate[];
}

/**
 * Reads a .pfx/.p12 (node:crypto has no PKCS#12 reader, hence node-forge) and checks it like any
 * other certificate. Files that carry the CA chain are fine: the certificate matching the key wins.
 */
export function loadPfx(data: Buffer, password: string, options?: CertificateCheckOptions): LoadedCertificate {
  if (data[0] !== 0x30) throw new CertificateUnreadableError('el archivo no es un PFX/P12 válido.');
  assertKdfCost(data);
  const content = withKdfBudget(() => readPkcs12(data.toString('binary'), password));
  if (content.certs.length === 0) throw new CertificateUnreadableError('el archivo no contiene un certificado.');
  const privateKey = toKeyObject(content.keys[0]);
  const certificate = content.certs.map(toX509).find((c) => c.checkPrivateKey(privateKey));
  if (!certificate) throw new CertificateKeyMismatchError();
  return checkCertificate(privateKey, certificate, options);
}

function parseDer(der: string): forge.asn1.Asn1 {
  try {
    return forge.asn1.fromDer(forge.util.createBuffer(der));
  } catch {
    throw new CertificateUnreadableError('el archivo no es un PFX/P12 válido.');
  }
}

function readPkcs12(der: string, password: string): Pkcs12Content {
  let failure: unknown;
  try {
    const content = open(parseDer(der), password);
    if (content.keys.length > 0) return content;
    if (content.keyBags === 0) throw new CertificateUnreadableError('el archivo no contiene la clave privada.');
  } catch (error) {
    if (error instanceof CertificateUnreadableError) throw error;
    if (MAC_FAILURE.test(errorMessage(error))) throw new WrongCertificatePasswordError();
    failure = error;
  }
  // The MAC (checked above) takes the password as BMPString, but PBES2 (OpenSSL 3's default) feeds
  // its UTF-8 bytes to PBKDF2, while forge passes one byte per character: a password with 'ñ' or 'á'
  // needs a second pass with the UTF-8 bytes and the already verified MAC left out.
  if (/[^\x00-\x7f]/.test(password)) {
    const withoutMac = parseDer(der);
    (withoutMac.value as forge.asn1.Asn1[]).splice(2);
    try {
      const content = open(withoutMac, forge.util.encodeUtf8(password));
      if (content.keys.length > 0) return content;
    } catch (error) {
      if (error instanceof CertificateUnreadableError) throw error;
      // otherwise fall through to the first failure's diagnosis
    }
  }
  if (failure === undefined || /password|decrypt/i.test(String((failure as Error)?.message))) {
    throw new WrongCertificatePasswordError();
  }
  throw new CertificateUnreadableError('el archivo no es un PFX/P12 válido.');
}

function open(asn1: forge.asn1.Asn1, password: string): Pkcs12Content {
  const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  const bagsOf = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(forge.pki.oids.keyBag)];
  return {
    keyBags: keyBags.length,
    keys: keyBags.flatMap((b) => (b.key ? [b.key] : [])),
    certs: bagsOf(forge.pki.oids.certBag).flatMap((b) => (b.cert ? [b.cert] : [])),
  };
}

function toKeyObject(key: forge.pki.PrivateKey): KeyObject {
  try {
    return createPrivateKey(forge.pki.privateKeyToPem(key));
  } catch {
    throw new CertificateUnreadableError('la clave privada no es RSA o está dañada.');
  }
}

function toX509(cert: forge.pki.Certificate): X509Certificate {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return new X509Certificate(Buffer.from(der, 'binary'));
}
