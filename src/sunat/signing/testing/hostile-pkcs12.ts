import forge from 'node-forge';
import type { GeneratedCertificate } from '../certificates/generate-test-certificate';

/**
 * PKCS#12 files for the tests of the key-derivation checks: a legacy 3DES PFX made by forge with a chosen count,
 * and the same file bent the ways a hostile upload bends it (counts raised in place, structure the checker
 * must not give up on).
 */

/** A 3DES PKCS#12 whose MAC and both PBEs use `count` iterations. */
export function pfxWithCount(cert: GeneratedCertificate, password: string, count: number): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(cert.privateKeyPem), [forge.pki.certificateFromPem(cert.certificatePem)], password, {
    algorithm: '3des',
    count,
  });
  return toBuffer(asn1);
}

/** Every INTEGER 32768 (02 03 00 80 00, the count pfxWithCount(…, 32768) writes) set to `count` (< 2^24) in place. */
export function raiseCounts(der: Buffer, count: number): Buffer {
  const from = Buffer.from([0x02, 0x03, 0x00, 0x80, 0x00]);
  const out = Buffer.from(der);
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + 1)) out.set([(count >> 16) & 0xff, (count >> 8) & 0xff, count & 0xff], at + 2);
  return out;
}

/** `levels` SEQUENCEs one inside the other, around an empty one. */
export function nestedSequences(levels: number): forge.asn1.Asn1 {
  let node = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, []);
  for (let i = 0; i < levels; i++) node = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [node]);
  return node;
}

/** The PFX with `extra` appended as a fourth element of its outer SEQUENCE (PKCS#12 readers ignore it). */
export function withTrailingElement(pfx: Buffer, extra: forge.asn1.Asn1): Buffer {
  const asn1 = fromBuffer(pfx);
  (asn1.value as forge.asn1.Asn1[]).push(extra);
  return toBuffer(asn1);
}

/** The PFX with the MAC's salt replaced by `salt` (the MAC no longer verifies: a reader must derive to find out). */
export function withMacSalt(pfx: Buffer, salt: Buffer): Buffer {
  const asn1 = fromBuffer(pfx);
  const macData = (asn1.value as forge.asn1.Asn1[])[2];
  (macData.value as forge.asn1.Asn1[])[1].value = salt.toString('binary');
  return toBuffer(asn1);
}

/** The PFX whose outer length claims `extra` bytes more than the file has. */
export function withOverlongLength(pfx: Buffer, extra: number): Buffer {
  const out = Buffer.from(pfx);
  if (out[1] !== 0x82) throw new Error('expected a two-byte length');
  out.writeUInt16BE(out.readUInt16BE(2) + extra, 2);
  return out;
}

/** The PFX with its outer length written in `bytes` length octets (more than 4: no reader needs them). */
export function withLongLengthForm(pfx: Buffer, bytes: number): Buffer {
  if (pfx[1] !== 0x82) throw new Error('expected a two-byte length');
  const length = Buffer.alloc(bytes);
  length.writeUInt16BE(pfx.readUInt16BE(2), bytes - 2);
  return Buffer.concat([Buffer.from([0x30, 0x80 | bytes]), length, pfx.subarray(4)]);
}

function fromBuffer(der: Buffer): forge.asn1.Asn1 {
  return forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
}

function toBuffer(asn1: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
