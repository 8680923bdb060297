import { generateTestCertificate, type GeneratedCertificate } from '../certificates/generate-test-certificate';

let shared: Promise<GeneratedCertificate> | undefined;

/**
 * One RSA-2048 test certificate per jest worker file: key generation takes ~100 ms and more under
 * load, so specs call this in beforeAll instead of generating per test.
 */
export function sharedTestCertificate(): Promise<GeneratedCertificate> {
  shared ??= generateTestCertificate({ ruc: '20000000001', razonSocial: 'EMPRESA DE PRUEBA S.A.C.' });
  return shared;
}
