import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { generateTestCertificate } from './generate-test-certificate';
import { assertKdfCost, MAX_KDF_ITERATIONS } from './kdf-cost';
import { loadCertificate } from './load-certificate';

/** The INTEGER 32768 (02 03 00 80 00) as every salt+count pair writes it, raised to 8,388,607 in place. */
function raiseCounts(der: Buffer): { der: Buffer; raised: number } {
  const from = Buffer.from([0x02, 0x03, 0x00, 0x80, 0x00]);
  const out = Buffer.from(der);
  let raised = 0;
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + 1)) {
    out[at + 2] = 0x7f;
    out[at + 3] = 0xff;
    out[at + 4] = 0xff;
    raised++;
  }
  return { der: out, raised };
}

describe('assertKdfCost: absurd key-derivation counts are refused before any derivation', () => {
  let pfx: Buffer;

  beforeAll(async () => {
    const generated = await generateTestCertificate({ ruc: '20000000001' });
    const asn1 = forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(generated.privateKeyPem),
      [forge.pki.certificateFromPem(generated.certificatePem)],
      'clave',
      { algorithm: '3des', count: 32768 },
    );
    pfx = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  });

  it('accepts the counts real certificates use', () => {
    expect(() => assertKdfCost(pfx)).not.toThrow();
    expect(() => loadCertificate({ data: pfx, password: 'clave' }, { now: new Date() })).not.toThrow();
  });

  it('refuses a PKCS#12 whose MAC and PBE counts were raised to 8,388,607, at once', () => {
    const { der, raised } = raiseCounts(pfx);
    expect(raised).toBeGreaterThanOrEqual(2);
    expect(() => assertKdfCost(der)).toThrow(/iteraciones de derivación de clave \(máximo 200.000\)/);
    expect(() => loadCertificate({ data: der, password: 'clave' })).toThrow(/iteraciones/);
  });

  it('refuses an encrypted PKCS#8 PEM key with a raised PBKDF2 count', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const info = forge.pki.wrapRsaPrivateKey(
      forge.pki.privateKeyToAsn1(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString())),
    );
    const encrypted = forge.pki.encryptPrivateKeyInfo(info, 'clave', { algorithm: 'aes256', count: 32768 });
    const { der, raised } = raiseCounts(Buffer.from(forge.asn1.toDer(encrypted).getBytes(), 'binary'));
    expect(raised).toBe(1);
    const pem = `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${der.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ENCRYPTED PRIVATE KEY-----\n`;
    expect(() =>
      loadCertificate({ data: Buffer.from('-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n'), privateKey: Buffer.from(pem), password: 'clave' }),
    ).toThrow(/iteraciones/);
  });

  it('ignores what is not DER and counts at the limit', () => {
    expect(() => assertKdfCost(Buffer.from('no es un certificado'))).not.toThrow();
    const atLimit = Buffer.from([
      0x30,
      0x08,
      0x04,
      0x01,
      0x00,
      0x02,
      0x03,
      (MAX_KDF_ITERATIONS >> 16) & 0xff,
      (MAX_KDF_ITERATIONS >> 8) & 0xff,
      MAX_KDF_ITERATIONS & 0xff,
    ]);
    expect(() => assertKdfCost(atLimit)).not.toThrow();
    atLimit[9] += 1;
    expect(() => assertKdfCost(atLimit)).toThrow(/iteraciones/);
  });
});
