import { CertificateUnreadableError } from './certificate-errors';

/**
 * Password-based key derivation costs time linear in its iteration count, and the count is whatever
 * the uploaded file says (5,000,000 froze the event loop 45 s). Real certificates use 1 to 10,000
 * (OpenSSL 2,048, Windows 2,000, Java 10,000 to 100,000): anything above MAX_KDF_ITERATIONS is
 * refused before any derivation runs.
 */
export const MAX_KDF_ITERATIONS = 200_000;

/**
 * All the derivations one upload causes, together: a PKCS#12 at the cap derives 5 times (MAC, key and IV of
 * two PBEs), a second pass for a password with 'ñ' 4 more; a file made of many encrypted parts is refused.
 */
export const MAX_KDF_TOTAL = 2_000_000;

/** scrypt's cost N (PKCS#8 from Node/OpenSSL uses 16,384; 2^20 is the highest in common use). */
export const MAX_SCRYPT_COST = 1 << 20;

/** Salts are 8 to 20 bytes in practice (RFC 8018 asks for at least 8). */
export const MAX_SALT_BYTES = 64;

/** Nesting of a real PKCS#12 is at most ~16 levels (PFX, authSafe, SafeContents, bag, PBES2, PBKDF2, PRF). */
export const MAX_DER_DEPTH = 24;

/** Elements read (certificates are not opened): a PKCS#12 with a chain of ten certificates has a few hundred. */
export const MAX_DER_NODES = 20_000;

const OCTET_STRING = 0x04;
const CONSTRUCTED_OCTET_STRING = 0x24;
const INTEGER = 0x02;
const OID = 0x06;
const SEQUENCE = 0x30;
const CONTEXT_0 = 0xa0;
/** 1.2.840.113549.1.7.1, PKCS#7 data: the only content whose OCTET STRING a PKCS#12 reader opens as DER. */
const ID_DATA = Buffer.from([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]);

const es = (n: number) => n.toLocaleString('es-PE');

/** What keeps the structure from being read completely; becomes the 422's reason. */
class StructureError extends Error {}

interface Node {
  tag: number;
  /** The contents (what the length covers); for an opened PKCS#7 data OCTET STRING, the bytes it holds. */
  bytes: Buffer;
  /** Offset of the element in the file, for the reason. */
  at: number;
  children?: Node[];
}

/**
 * Throws, before any derivation, when the DER of a PKCS#12 or an encrypted PKCS#8 asks too much (a salt+count
 * pair above the cap, or all of them above the total) or cannot be read completely: fails closed, since what
 * this reader cannot see could hold a count. Every element must fit its container (definite or indefinite BER
 * lengths, as Windows and Java write them), nesting and element count are bounded, no bytes may follow the
 * structure, and each PKCS#7 data content (where PKCS#12 keeps its AuthenticatedSafe and SafeContents) must be
 * DER read to its end. Salts are bytes, never opened, and at most MAX_SALT_BYTES. Counts inside encrypted parts
 * are only visible after decryption: load-pfx.ts limits those as they are derived (kdf-budget.ts).
 */
export function assertKdfCost(der: Buffer): void {
  let root: Node;
  try {
    root = readStructure(der);
  } catch (e) {
    if (e instanceof StructureError) throw new CertificateUnreadableError(`su estructura no se puede revisar antes de derivar la clave: ${e.message}.`);
    throw e;
  }
  let total = 0;
  const check = (node: Node) => {
    const kids = node.children ?? [];
    for (let i = 0; i + 1 < kids.length; i++) {
      // MacData {DigestInfo, salt, iterations}; pkcs-12PbeParams {salt, iterations}; PBKDF2-params
      // {salt, iterationCount, ...}; scrypt-params {salt, costParameter, blockSize, parallelization}
      if (node.tag !== SEQUENCE || kids[i].tag !== OCTET_STRING || kids[i + 1].tag !== INTEGER) continue;
      if (kids[i].bytes.length > MAX_SALT_BYTES) {
        throw new CertificateUnreadableError(
          `la sal de una derivación de clave mide ${es(kids[i].bytes.length)} bytes (máximo ${MAX_SALT_BYTES}; byte ${es(kids[i].at)}).`,
        );
      }
      const count = integerValue(kids[i + 1]);
      if (count > MAX_KDF_ITERATIONS && !(kids.length >= 4 && count <= MAX_SCRYPT_COST && isScrypt(kids))) throw tooManyIterations(count);
      total += count;
      if (total > MAX_KDF_TOTAL) throw tooManyInTotal();
    }
    kids.forEach(check);
  };
  check(root);
}

export function tooManyIterations(count: number): CertificateUnreadableError {
  return new CertificateUnreadableError(
    `pide ${count > Number.MAX_SAFE_INTEGER ? 'demasiadas' : es(count)} iteraciones de derivación de clave (máximo ${es(MAX_KDF_ITERATIONS)}).`,
  );
}

export function tooManyInTotal(): CertificateUnreadableError {
  return new CertificateUnreadableError(`pide más de ${es(MAX_KDF_TOTAL)} iteraciones de derivación de clave en total.`);
}

function isScrypt(kids: Node[]): boolean {
  return kids.length === 4 && kids.slice(1).every((k) => k.tag === INTEGER) && integerValue(kids[2]) <= 64 && integerValue(kids[3]) <= 64;
}

function integerValue(node: Node): number {
  if (node.bytes.length > 7) return Infinity;
  let value = 0;
  for (const b of node.bytes) value = value * 256 + b;
  return value;
}

function readStructure(der: Buffer): Node {
  if (der.length === 0) throw new StructureError('el archivo está vacío');
  const budget = { nodes: 0 };
  const [root, end] = readElement(der, 0, der.length, 0, budget, 0);
  if (end !== der.length) throw new StructureError(`hay ${es(der.length - end)} bytes después de la estructura`);
  return root;
}

/** One element at `at` that must end by `limit`; returns it and the offset after it. `base` is its offset in the file. */
function readElement(buf: Buffer, at: number, limit: number, depth: number, budget: { nodes: number }, base: number): [Node, number] {
  if (depth > MAX_DER_DEPTH) throw new StructureError(`tiene más de ${MAX_DER_DEPTH} niveles de anidación`);
  if (++budget.nodes > MAX_DER_NODES) throw new StructureError(`tiene más de ${es(MAX_DER_NODES)} elementos`);
  const start = at;
  const where = () => `byte ${es(base + start)}`;
  if (at + 2 > limit) throw new StructureError(`un elemento se corta en el ${where()}`);
  const tag = buf[at++];
  if ((tag & 0x1f) === 0x1f) throw new StructureError(`una etiqueta de varios bytes en el ${where()}`);
  const first = buf[at++];
  const constructed = (tag & 0x20) !== 0;
  if (first === 0x80) {
    // indefinite length: children up to the end-of-contents octets 00 00
    if (!constructed) throw new StructureError(`longitud indefinida en un elemento primitivo en el ${where()}`);
    const children: Node[] = [];
    for (;;) {
      if (at + 2 > limit) throw new StructureError(`falta el fin de contenido del elemento del ${where()}`);
      if (buf[at] === 0 && buf[at + 1] === 0) break;
      const [child, next] = readElement(buf, at, limit, depth + 1, budget, base);
      children.push(child);
      at = next;
    }
    return [finish({ tag, bytes: buf.subarray(start + 2, at), at: base + start, children }, depth, budget), at + 2];
  }
  let length = first;
  if (first > 0x80) {
    const n = first & 0x7f;
    if (n > 4) throw new StructureError(`una longitud de ${n} bytes en el ${where()}`);
    if (at + n > limit) throw new StructureError(`un elemento se corta en el ${where()}`);
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[at++];
  } else if (first === 0xff) {
    throw new StructureError(`una longitud reservada (0xFF) en el ${where()}`);
  }
  if (at + length > limit) throw new StructureError(`el elemento del ${where()} declara ${es(length)} bytes y no caben en lo que lo contiene`);
  const node: Node = { tag, bytes: buf.subarray(at, at + length), at: base + start };
  if (constructed) {
    node.children = [];
    let child = at;
    while (child < at + length) {
      const [kid, next] = readElement(buf, child, at + length, depth + 1, budget, base);
      node.children.push(kid);
      child = next;
    }
  }
  return [finish(node, depth, budget), at + length];
}

/** A PKCS#7 data ContentInfo {OID data, [0] {OCTET STRING}}: the DER its OCTET STRING holds is read too, to its end. */
function finish(node: Node, depth: number, budget: { nodes: number }): Node {
  const [type, content] = node.children ?? [];
  if (node.tag !== SEQUENCE || type?.tag !== OID || !type.bytes.equals(ID_DATA) || content?.tag !== CONTEXT_0) return node;
  const octets = content.children?.[0];
  if (!octets || (octets.tag !== OCTET_STRING && octets.tag !== CONSTRUCTED_OCTET_STRING)) return node;
  const inner = octetsOf(octets);
  if (inner.length === 0) return node;
  try {
    const [nested, end] = readElement(inner, 0, inner.length, depth + 3, budget, octets.at);
    if (end !== inner.length) throw new StructureError(`hay ${es(inner.length - end)} bytes después de su contenido`);
    octets.children = [nested];
  } catch (e) {
    if (e instanceof StructureError) throw new StructureError(`el contenido PKCS#7 del byte ${es(octets.at)} no se puede leer: ${e.message}`);
    throw e;
  }
  return node;
}

/** The bytes of an OCTET STRING; a constructed one (BER) is the concatenation of its pieces. */
function octetsOf(node: Node): Buffer {
  if (node.tag === OCTET_STRING) return node.bytes;
  return Buffer.concat(
    (node.children ?? []).map((piece) => {
      if (piece.tag !== OCTET_STRING && piece.tag !== CONSTRUCTED_OCTET_STRING)
        throw new StructureError(`una parte del OCTET STRING del byte ${es(node.at)} no es OCTET STRING`);
      return octetsOf(piece);
    }),
  );
}

/** The DER inside the first "ENCRYPTED PRIVATE KEY" PEM block, if any. */
export function encryptedPemDer(text: string): Buffer | undefined {
  const block = /-----BEGIN ENCRYPTED PRIVATE KEY-----([\s\S]+?)-----END ENCRYPTED PRIVATE KEY-----/.exec(text);
  return block ? Buffer.from(block[1].replace(/\s+/g, ''), 'base64') : undefined;
}
