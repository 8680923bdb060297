import { validateSunatXsl, validateXsd } from '@/sunat/xml/testing/validators';
import { embeddedCertificatePem, verifyWithXmlCrypto } from '@/sunat/signing/testing/verify-signature';
import { dumpSignedXml } from '@/sunat/signing/testing/xml-dump';

export { embeddedCertificatePem };

/**
 * XSD (DespatchAdvice 2.1), SUNAT's GRE 2022 XSL rules (tipo 09) and the signature (xml-crypto, against
 * the certificate it carries; dumped for xmlsec1 in CI) of a stored guide XML.
 */
export async function checkGuideXml(fileName: string, xml: string) {
  const certificatePem = embeddedCertificatePem(xml);
  dumpSignedXml({ fileName, xml, tipo: '09', certificatePem });
  return {
    xsd: await validateXsd(xml, 'despatch'),
    xsl: await validateSunatXsl('09', xml, fileName),
    signature: verifyWithXmlCrypto(xml, certificatePem),
  };
}
