import forge from 'node-forge';
import { MAX_KDF_ITERATIONS, MAX_KDF_TOTAL, tooManyInTotal, tooManyIterations } from './kdf-cost';

type Derive = (...args: never[]) => unknown;

/** node-forge's three key derivations, as the PKCS#12 and PKCS#8 readers call them (looked up at each call). */
const lib = forge as unknown as {
  pkcs5: { pbkdf2: Derive };
  pkcs12: { generateKey: Derive };
  pbe: { generatePkcs12Key: Derive };
};

/**
 * Runs `read` (synchronous node-forge code) with every key derivation charged against the caps before it runs:
 * a count above MAX_KDF_ITERATIONS, or all of them above MAX_KDF_TOTAL, throws instead of deriving. This covers
 * what assertKdfCost cannot see: counts inside an encrypted part of a PKCS#12, visible only once decrypted.
 */
export function withKdfBudget<T>(read: () => T): T {
  let spent = 0;
  const charge = (count: unknown) => {
    const n = typeof count === 'number' ? count : Number.POSITIVE_INFINITY;
    if (!(n <= MAX_KDF_ITERATIONS)) throw tooManyIterations(n);
    spent += n;
    if (spent > MAX_KDF_TOTAL) throw tooManyInTotal();
  };
  const originals = { pbkdf2: lib.pkcs5.pbkdf2, generateKey: lib.pkcs12.generateKey, generatePkcs12Key: lib.pbe.generatePkcs12Key };
  // pbkdf2(password, salt, iterations, ...); generatePkcs12Key(password, salt, id, iterations, ...)
  lib.pkcs5.pbkdf2 = ((...args: unknown[]) => (charge(args[2]), (originals.pbkdf2 as (...a: unknown[]) => unknown)(...args))) as Derive;
  lib.pkcs12.generateKey = ((...args: unknown[]) => (charge(args[3]), (originals.generateKey as (...a: unknown[]) => unknown)(...args))) as Derive;
  lib.pbe.generatePkcs12Key = ((...args: unknown[]) => (charge(args[3]), (originals.generatePkcs12Key as (...a: unknown[]) => unknown)(...args))) as Derive;
  try {
    return read();
  } finally {
    lib.pkcs5.pbkdf2 = originals.pbkdf2;
    lib.pkcs12.generateKey = originals.generateKey;
    lib.pbe.generatePkcs12Key = originals.generatePkcs12Key;
  }
}
