import { verifyWithXmlsec } from '../../src/sunat/signing/testing/verify-signature';
import { validateSunatXsl, validateXsd, writeTemp, XSD } from '../../src/sunat/xml/testing/validators';

/** The certificate the document carries in KeyInfo, as PEM (self-signed test certificates anchor themselves). */
export function embeddedCertificatePem(xml: string): string {
  const base64 = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml)?.[1];
  if (!base64) throw new Error('XML sin ds:X509Certificate');
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Stored, signed XML as SUNAT gets it: XSD valid, 0 errors from SUNAT's XSL rules, signature verified by xmlsec1. */
export function checkSunatXml(xml: string, fileName: string, xsd: keyof typeof XSD, tipo: string) {
  const file = writeTemp(fileName, xml);
  const schema = validateXsd(file, xsd);
  const rules = validateSunatXsl(tipo, file);
  const signature = verifyWithXmlsec(xml, embeddedCertificatePem(xml));
  return {
    xsd: { status: schema.status, validates: / validates$/.test(schema.output), output: schema.output },
    xsl: { status: rules.status, output: rules.output },
    xmlsec: signature.ok,
  };
}

export const SUNAT_VALID = {
  xsd: { status: 0, validates: true, output: expect.any(String) },
  xsl: { status: 0, output: expect.any(String) },
  xmlsec: true,
};
