import { sign, verify } from 'node:crypto';
import { generateTestCertificate, type GeneratedCertificate } from './generate-test-certificate';
import { loadPem } from './load-pem';

describe('generateTestCertificate', () => {
  let generated: GeneratedCertificate;

  beforeAll(async () => {
    generated = await generateTestCertificate({ ruc: '20123456789', razonSocial: 'PANADERÍA ÑAÑA S.A.C.' });
  });

  it('creates a self-signed RSA-2048 certificate whose subject carries the RUC and the company name', () => {
    const { certificate, info } = generated.loaded;
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(info.subject).toBe('C=PE, O=PANADERÍA ÑAÑA S.A.C., OU=RUC 20123456789, CN=20123456789 - CERTIFICADO DE PRUEBA');
    expect(info.emisor).toBe(info.subject);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
  });

  it('is valid from yesterday for about five years', () => {
    const { valido_desde, valido_hasta } = generated.loaded.info;
    const day = 24 * 60 * 60 * 1000;
    expect(Date.now() - valido_desde.getTime()).toBeGreaterThan(day - 60_000);
    expect(valido_hasta.getTime() - Date.now()).toBeGreaterThan(5 * 365 * day - 60_000);
  });

  it('returns PEMs that load back into the same, usable credentials', () => {
    const loaded = loadPem({ privateKey: generated.privateKeyPem, certificate: generated.certificatePem });
    expect(loaded.certificateDerBase64).toBe(generated.loaded.certificateDerBase64);
    const signature = sign('sha1', Buffer.from('hola'), loaded.privateKey);
    expect(verify('sha1', Buffer.from('hola'), loaded.certificate.publicKey, signature)).toBe(true);
  });
});
