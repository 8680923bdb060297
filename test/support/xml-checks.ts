import type { SunatRulesTipo } from '../../src/sunat/validation';
import { embeddedCertificatePem, verifyWithXmlCrypto } from '../../src/sunat/signing/testing/verify-signature';
import { dumpSignedXml } from '../../src/sunat/signing/testing/xml-dump';
import { validateSunatXsl, validateXsd, XSD } from '../../src/sunat/xml/testing/validators';

export { embeddedCertificatePem };

/**
 * Stored, signed XML as SUNAT gets it: XSD valid, 0 errors from SUNAT's XSL rules, signature verified
 * by xml-crypto against the certificate it carries (also dumped for xmlsec1 in CI: xml-dump.ts).
 */
export async function checkSunatXml(xml: string, fileName: string, xsd: keyof typeof XSD, tipo: SunatRulesTipo) {
  const certificatePem = embeddedCertificatePem(xml);
  dumpSignedXml({ fileName, xml, tipo, certificatePem });
  const schema = await validateXsd(xml, xsd);
  const rules = await validateSunatXsl(tipo, xml, fileName);
  return {
    xsd: { status: schema.status, validates: schema.output === 'validates', output: schema.output },
    xsl: { status: rules.status, output: rules.output },
    signature: verifyWithXmlCrypto(xml, certificatePem).ok,
  };
}

export const SUNAT_VALID = {
  xsd: { status: 0, validates: true, output: expect.any(String) },
  xsl: { status: 0, output: expect.any(String) },
  signature: true,
};
