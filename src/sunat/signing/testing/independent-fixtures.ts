import { createCipheriv, createHash, createHmac, createPrivateKey, generateKeyPairSync, pbkdf2Sync, randomBytes, sign } from 'node:crypto';
import forge from 'node-forge';

/*
 * Certificate fixtures built without the openssl CLI and independently of the code under test: the
 * cryptography (PBKDF2, AES, the PKCS#12 MAC key derivation, ECDSA) is node:crypto's (OpenSSL's library),
 * the byte layout is written here field by field; node-forge — which our PFX loader uses to read — only
 * serialises the ASN.1 (DER) structures, it never derives a key, encrypts or chooses a layout.
 */

const { asn1 } = forge;
const T = asn1.Type;
const C = asn1.Class;

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  hmacWithSha256: '1.2.840.113549.2.9',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  sha256: '2.16.840.1.101.3.4.2.1',
  certBag: '1.2.840.113549.1.12.10.1.3',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  localKeyId: '1.2.840.113549.1.9.21',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
};

const seq = (...items: forge.asn1.Asn1[]) => asn1.create(C.UNIVERSAL, T.SEQUENCE, true, items);
const set = (...items: forge.asn1.Asn1[]) => asn1.create(C.UNIVERSAL, T.SET, true, items);
const oid = (id: string) => asn1.create(C.UNIVERSAL, T.OID, false, asn1.oidToDer(id).getBytes());
const int = (n: number) => asn1.create(C.UNIVERSAL, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const nul = () => asn1.create(C.UNIVERSAL, T.NULL, false, '');
const octets = (b: Buffer) => asn1.create(C.UNIVERSAL, T.OCTETSTRING, false, b.toString('binary'));
const explicit0 = (inner: forge.asn1.Asn1) => asn1.create(C.CONTEXT_SPECIFIC, 0, true, [inner]);
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const fromDer = (b: Buffer) => asn1.fromDer(forge.util.createBuffer(b.toString('binary')));

const ITERATIONS = 2048;

/** PBES2 (PBKDF2-HMAC-SHA256 over the UTF-8 password, AES-256-CBC), as OpenSSL 3 writes it. */
function pbes2Encrypt(password: string, plain: Buffer): { algorithm: forge.asn1.Asn1; encrypted: Buffer } {
  const salt = randomBytes(8);
  const iv = randomBytes(16);
  const key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, ITERATIONS, 32, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  const algorithm = seq(
    oid(OID.pbes2),
    seq(seq(oid(OID.pbkdf2), seq(octets(salt), int(ITERATIONS), seq(oid(OID.hmacWithSha256), nul()))), seq(oid(OID.aes256Cbc), octets(iv))),
  );
  return { algorithm, encrypted };
}

/** RFC 7292 appendix B.2 key derivation (SHA-256; id 3 = MAC key), password as a NUL-terminated BMPString. */
function pkcs12Kdf(password: string, salt: Buffer, iterations: number, id: number, length: number): Buffer {
  const u = 32;
  const v = 64;
  const bmp = Buffer.alloc(password.length * 2 + 2);
  for (let i = 0; i < password.length; i++) bmp.writeUInt16BE(password.charCodeAt(i), i * 2);
  const fill = (b: Buffer) => Buffer.concat(Array.from({ length: Math.ceil(b.length / v) * v }, (_, i) => b.subarray(i % b.length, (i % b.length) + 1)));
  const I = Buffer.concat([fill(salt), fill(bmp)]);
  const D = Buffer.alloc(v, id);
  const out: Buffer[] = [];
  for (let produced = 0; produced < length; produced += u) {
    let A = createHash('sha256')
      .update(Buffer.concat([D, I]))
      .digest();
    for (let r = 1; r < iterations; r++) A = createHash('sha256').update(A).digest();
    out.push(A);
    const B = Buffer.concat([A, A]); // v bytes
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = I[j + k] + B[k] + carry;
        I[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, length);
}

/**
 * A .pfx laid out like `openssl pkcs12 -export` of OpenSSL 3 (its defaults): the certificate in a
 * PBES2/AES-256-CBC encrypted SafeContents, the key in a PBES2/AES-256-CBC shrouded key bag, both tagged
 * with localKeyId = SHA-1 of the certificate, and a SHA-256 MAC (2048 iterations). The password is UTF-8
 * for PBKDF2 and a BMPString for the MAC, as OpenSSL does: what users upload today.
 */
export function openssl3StylePfx(certificatePem: string, privateKeyPem: string, password: string): Buffer {
  const certDer = Buffer.from(certificatePem.replace(/-----[^-]+-----|\s+/g, ''), 'base64');
  const keyId = createHash('sha1').update(certDer).digest();
  const attributes = set(seq(oid(OID.localKeyId), set(octets(keyId))));

  const certBag = seq(oid(OID.certBag), explicit0(seq(oid(OID.x509Certificate), explicit0(octets(certDer)))), attributes);
  const certs = pbes2Encrypt(password, der(seq(certBag)));
  const certsInfo = seq(
    oid(OID.encryptedData),
    explicit0(seq(int(0), seq(oid(OID.data), certs.algorithm, asn1.create(C.CONTEXT_SPECIFIC, 0, false, certs.encrypted.toString('binary'))))),
  );

  const pkcs8 = createPrivateKey(privateKeyPem).export({ type: 'pkcs8', format: 'der' });
  const key = pbes2Encrypt(password, pkcs8);
  const keyBag = seq(oid(OID.pkcs8ShroudedKeyBag), explicit0(seq(key.algorithm, octets(key.encrypted))), attributes);
  const keyInfo = seq(oid(OID.data), explicit0(octets(der(seq(keyBag)))));

  const authenticatedSafe = der(seq(certsInfo, keyInfo));
  const macSalt = randomBytes(8);
  const mac = createHmac('sha256', pkcs12Kdf(password, macSalt, ITERATIONS, 3, 32))
    .update(authenticatedSafe)
    .digest();
  return der(
    seq(int(3), seq(oid(OID.data), explicit0(octets(authenticatedSafe))), seq(seq(seq(oid(OID.sha256), nul()), octets(mac)), octets(macSalt), int(ITERATIONS))),
  );
}

/** A self-signed P-256 (ECDSA) certificate and its key, as PEM: a key type SUNAT does not accept. */
export function ecCertificate(days = 2): { certificatePem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = seq(set(seq(oid(OID.commonName), asn1.create(C.UNIVERSAL, T.UTF8, false, 'ec'))));
  const utc = (d: Date) => asn1.create(C.UNIVERSAL, T.UTCTIME, false, asn1.dateToUtcTime(d));
  const now = Date.now();
  const tbs = seq(
    explicit0(int(2)),
    int(1 + Math.floor(Math.random() * 1e9)),
    seq(oid(OID.ecdsaWithSha256)),
    name,
    seq(utc(new Date(now - 60_000)), utc(new Date(now + days * 86_400_000))),
    name,
    fromDer(publicKey.export({ type: 'spki', format: 'der' })),
  );
  const signature = sign('sha256', der(tbs), privateKey); // DER-encoded ECDSA signature
  const cert = der(seq(tbs, seq(oid(OID.ecdsaWithSha256)), asn1.create(C.UNIVERSAL, T.BITSTRING, false, `\x00${signature.toString('binary')}`)));
  return {
    certificatePem: `-----BEGIN CERTIFICATE-----\n${cert
      .toString('base64')
      .match(/.{1,64}/g)!
      .join('\n')}\n-----END CERTIFICATE-----\n`,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
