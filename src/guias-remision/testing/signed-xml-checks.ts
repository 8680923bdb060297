import { validateSunatXsl, validateXsd, writeTemp } from '@/sunat/xml/testing/validators';
import { verifyWithXmlsec } from '@/sunat/signing/testing/verify-signature';

/** The certificate the document carries in KeyInfo, as PEM (the beta test certificate is self-signed). */
export function embeddedCertificatePem(xml: string): string {
  const b64 = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml)?.[1];
  if (!b64) throw new Error('El XML no lleva ds:X509Certificate');
  const body = b64.replace(/\s+/g, '').match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}

/** XSD (DespatchAdvice 2.1), SUNAT's GRE 2022 XSL rules (tipo 09) and xmlsec1 on a stored guide XML. */
export function checkGuideXml(fileName: string, xml: string) {
  const file = writeTemp(fileName, xml);
  return {
    xsd: validateXsd(file, 'despatch'),
    xsl: validateSunatXsl('09', file),
    xmlsec: verifyWithXmlsec(xml, embeddedCertificatePem(xml)),
  };
}
