import { CertificateUnreadableError } from './certificate-errors';

/**
 * Password-based key derivation costs time linear in its iteration count, and the count is whatever
 * the uploaded file says (5,000,000 froze the event loop 45 s). Real certificates use 1 to 10,000
 * (OpenSSL 2,048, Windows 2,000, Java 10,000 to 100,000): anything above MAX_KDF_ITERATIONS is
 * refused before any derivation runs.
 */
export const MAX_KDF_ITERATIONS = 200_000;

/** scrypt's cost N (PKCS#8 from Node/OpenSSL uses 16,384; 2^20 is the highest in common use). */
export const MAX_SCRYPT_COST = 1 << 20;

const OCTET_STRING = 0x04;
const INTEGER = 0x02;
const SEQUENCE = 0x30;
const MAX_DEPTH = 24;
const MAX_NODES = 20_000;

interface Node {
  tag: number;
  start: number;
  end: number;
  children?: Node[];
}

/** Throws when any salt+count pair in the DER (PKCS#12 MAC and PBE, PBKDF2, scrypt) asks too much. */
export function assertKdfCost(der: Buffer): void {
  const budget = { nodes: 0 };
  let roots: Node[];
  try {
    roots = parseAll(der, 0, der.length, 0, budget);
  } catch {
    return; // not DER: the reader says what is wrong with it, and does no derivation
  }
  const check = (nodes: Node[]) => {
    for (const node of nodes) {
      const kids = node.children ?? [];
      for (let i = 0; i + 1 < kids.length; i++) {
        // MacData {DigestInfo, salt, iterations}; pkcs-12PbeParams {salt, iterations}; PBKDF2-params
        // {salt, iterationCount, ...}; scrypt-params {salt, costParameter, blockSize, parallelization}
        if (node.tag === SEQUENCE && kids[i].tag === OCTET_STRING && kids[i + 1].tag === INTEGER) {
          const count = integerValue(der, kids[i + 1]);
          if (count > MAX_KDF_ITERATIONS && !(kids.length >= 4 && count <= MAX_SCRYPT_COST && isScrypt(der, kids))) {
            throw new CertificateUnreadableError(
              `pide ${count > Number.MAX_SAFE_INTEGER ? 'demasiadas' : count.toLocaleString('es-PE')} iteraciones de derivación de clave (máximo ${MAX_KDF_ITERATIONS.toLocaleString('es-PE')}).`,
            );
          }
        }
      }
      check(kids);
    }
  };
  check(roots);
}

function isScrypt(der: Buffer, kids: Node[]): boolean {
  return kids.length === 4 && kids.slice(1).every((k) => k.tag === INTEGER) && integerValue(der, kids[2]) <= 64 && integerValue(der, kids[3]) <= 64;
}

function integerValue(der: Buffer, node: Node): number {
  const bytes = der.subarray(node.start, node.end);
  if (bytes.length > 7) return Infinity;
  let value = 0;
  for (const b of bytes) value = value * 256 + b;
  return value;
}

/** A small BER/DER reader: definite and indefinite lengths; OCTET STRINGs that hold DER are opened too. */
function parseAll(buf: Buffer, from: number, to: number, depth: number, budget: { nodes: number }): Node[] {
  if (depth > MAX_DEPTH) throw new Error('too deep');
  const nodes: Node[] = [];
  let at = from;
  while (at < to) {
    if (buf[at] === 0 && buf[at + 1] === 0 && depth > 0) break; // end-of-contents of an indefinite length
    if (++budget.nodes > MAX_NODES) throw new Error('too many nodes');
    const tag = buf[at++];
    if ((tag & 0x1f) === 0x1f) throw new Error('long tags are not used by PKCS#8/#12');
    let length = buf[at++];
    let indefinite = false;
    if (length === 0x80) indefinite = true;
    else if (length > 0x80) {
      const n = length & 0x7f;
      if (n > 4) throw new Error('length too long');
      length = 0;
      for (let i = 0; i < n; i++) length = length * 256 + buf[at++];
    }
    if (at > to || (!indefinite && at + length > to)) throw new Error('truncated');
    const constructed = (tag & 0x20) !== 0;
    if (indefinite) {
      if (!constructed) throw new Error('indefinite primitive');
      const children = parseAll(buf, at, to, depth + 1, budget);
      const end = children.length ? children[children.length - 1].end : at;
      if (buf[end] !== 0 || buf[end + 1] !== 0) throw new Error('no end-of-contents');
      nodes.push({ tag, start: at, end, children });
      at = end + 2;
      continue;
    }
    const node: Node = { tag, start: at, end: at + length };
    if (constructed) node.children = parseAll(buf, at, at + length, depth + 1, budget);
    else if (tag === OCTET_STRING && length > 2 && buf[at] === SEQUENCE) {
      try {
        node.children = parseAll(buf, at, at + length, depth + 1, budget);
      } catch {
        node.children = undefined; // plain bytes that happen to start like a SEQUENCE
      }
    }
    nodes.push(node);
    at += length;
  }
  return nodes;
}

/** The DER inside the first "ENCRYPTED PRIVATE KEY" PEM block, if any. */
export function encryptedPemDer(text: string): Buffer | undefined {
  const block = /-----BEGIN ENCRYPTED PRIVATE KEY-----([\s\S]+?)-----END ENCRYPTED PRIVATE KEY-----/.exec(text);
  return block ? Buffer.from(block[1].replace(/\s+/g, ''), 'base64') : undefined;
}
