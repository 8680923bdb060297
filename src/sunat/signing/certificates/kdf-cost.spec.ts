import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { generateTestCertificate } from './generate-test-certificate';
import { withKdfBudget } from './kdf-budget';
import { assertKdfCost, MAX_DER_DEPTH, MAX_DER_NODES, MAX_KDF_ITERATIONS, MAX_KDF_TOTAL, MAX_SALT_BYTES } from './kdf-cost';
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

  it('counts at the limit pass, one more is refused', () => {
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

/** DER element: tag, definite length, contents. */
function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}
const int = (n: number) => tlv(0x02, Buffer.from([0, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]));
const pbeParams = (count: number) => tlv(0x30, tlv(0x04, Buffer.alloc(8, 7)), int(count));
/** ContentInfo {id-data, [0] {OCTET STRING}} around `inner`. */
const dataContent = (octets: Buffer) => tlv(0x30, tlv(0x06, Buffer.from('2a864886f70d010701', 'hex')), tlv(0xa0, octets));

describe('assertKdfCost fails closed: what it cannot read completely is refused with the reason, before any derivation', () => {
  const expectRefused = (der: Buffer, reason: RegExp) => expect(() => assertKdfCost(der)).toThrow(reason);

  it('refuses what is not DER at all, and bytes after the structure', () => {
    expectRefused(Buffer.from('no es un certificado'), /^No se pudo leer el certificado: su estructura no se puede revisar antes de derivar la clave: /);
    expectRefused(Buffer.alloc(0), /el archivo está vacío/);
    expectRefused(Buffer.concat([pbeParams(2048), Buffer.from([0, 0, 0])]), /hay 3 bytes después de la estructura\.$/);
  });

  it('refuses odd lengths: beyond the container, more than 4 length bytes, indefinite on a primitive, no end-of-contents', () => {
    const ok = pbeParams(2048);
    const overlong = Buffer.from(ok);
    overlong[1] += 1;
    expectRefused(overlong, /el elemento del byte 0 declara \d+ bytes y no caben en lo que lo contiene/);
    expectRefused(Buffer.concat([Buffer.from([0x30, 0x85, 0, 0, 0, 0]), Buffer.from([ok.length - 2]), ok.subarray(2)]), /una longitud de 5 bytes en el byte 0/);
    expectRefused(Buffer.from([0x30, 0x80, 0x04, 0x80, 0x00, 0x00]), /longitud indefinida en un elemento primitivo en el byte 2/);
    expectRefused(Buffer.concat([Buffer.from([0x30, 0x80]), ok]), /falta el fin de contenido del elemento del byte 0/);
  });

  it('refuses nesting deeper than the limit and more elements than the budget', () => {
    let deep = pbeParams(2048);
    for (let i = 0; i < MAX_DER_DEPTH; i++) deep = tlv(0x30, deep);
    expectRefused(deep, new RegExp(`tiene más de ${MAX_DER_DEPTH} niveles de anidación`));
    const many = tlv(0x30, ...Array.from({ length: MAX_DER_NODES }, () => Buffer.from([0x05, 0x00])));
    expectRefused(many, /tiene más de 20.000 elementos/);
  });

  it('never opens a salt, and refuses one longer than the limit (DER hidden in a salt included)', () => {
    const saltHoldingDer = tlv(0x04, tlv(0x30, ...Array.from({ length: 30 }, () => pbeParams(9_000_000))));
    expectRefused(
      tlv(0x30, saltHoldingDer, int(2048)),
      new RegExp(`la sal de una derivación de clave mide [\\d.,]+ bytes \\(máximo ${MAX_SALT_BYTES}; byte \\d+\\)`),
    );
    // a short salt that happens to be DER is bytes: its "count" is no count
    expect(() => assertKdfCost(tlv(0x30, tlv(0x04, pbeParams(9_000_000).subarray(0, 12)), int(2048)))).not.toThrow();
  });

  it('reads a PKCS#7 data content to its end (BER pieces of a constructed OCTET STRING too) and finds its counts', () => {
    expectRefused(dataContent(tlv(0x04, tlv(0x30, pbeParams(300_000)))), /pide 300.000 iteraciones/);
    const inner = tlv(0x30, pbeParams(300_000));
    const pieces = tlv(0x24, tlv(0x04, inner.subarray(0, 5)), tlv(0x04, inner.subarray(5)));
    expectRefused(dataContent(pieces), /pide 300.000 iteraciones/);
    // a data content that is not DER read to its end is refused, not skipped
    expectRefused(dataContent(tlv(0x04, Buffer.concat([inner.subarray(0, inner.length - 1)]))), /el contenido PKCS#7 del byte \d+ no se puede leer: /);
    expectRefused(dataContent(tlv(0x04, Buffer.concat([inner, Buffer.from([1])]))), /el contenido PKCS#7 del byte \d+ no se puede leer: hay 1 bytes después/);
  });

  it('refuses more than the total of all derivations together', () => {
    const many = tlv(0x30, ...Array.from({ length: 11 }, () => pbeParams(MAX_KDF_ITERATIONS)));
    expectRefused(many, /pide más de 2.000.000 iteraciones de derivación de clave en total/);
    expect(() => assertKdfCost(tlv(0x30, ...Array.from({ length: 10 }, () => pbeParams(MAX_KDF_ITERATIONS))))).not.toThrow();
  });
});

describe('withKdfBudget: counts forge meets only while reading (inside encrypted parts) are charged before deriving', () => {
  it('refuses a derivation above the cap and derivations above the total, and leaves forge as it was', () => {
    const pbkdf2 = forge.pkcs5.pbkdf2;
    expect(() => withKdfBudget(() => forge.pkcs5.pbkdf2('clave', 'sal', MAX_KDF_ITERATIONS + 1, 32))).toThrow(/pide 200.001 iteraciones/);
    expect(() => withKdfBudget(() => forge.pkcs12.generateKey('clave', forge.util.createBuffer('sal'), 1, 8_000_000, 24))).toThrow(
      /pide 8.000.000 iteraciones/,
    );
    expect(() =>
      withKdfBudget(() => {
        for (let i = 0; i < 11; i++) forge.pkcs5.pbkdf2('clave', 'sal', MAX_KDF_TOTAL / 10, 1);
      }),
    ).toThrow(/en total/);
    expect(forge.pkcs5.pbkdf2).toBe(pbkdf2);
    expect(withKdfBudget(() => forge.pkcs5.pbkdf2('clave', 'sal', 1, 4))).toHaveLength(4);
  });
});
