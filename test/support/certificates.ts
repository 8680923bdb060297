import forge from 'node-forge';
import { generateTestCertificate } from '../../src/sunat/signing/certificates/generate-test-certificate';

/** A PKCS#12 file as a company would upload it, protected with `password`. */
export async function makePfx(ruc: string, password: string, validity?: { notBefore: Date; notAfter: Date }): Promise<Buffer> {
  const generated = await generateTestCertificate({ ruc, razonSocial: 'EMPRESA DE PRUEBA S.A.C.', ...validity });
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(generated.privateKeyPem),
    [forge.pki.certificateFromPem(generated.certificatePem)],
    password,
    { algorithm: '3des' },
  );
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

export async function makePem(ruc: string): Promise<{ key: string; cert: string }> {
  const generated = await generateTestCertificate({ ruc });
  return { key: generated.privateKeyPem, cert: generated.certificatePem };
}
