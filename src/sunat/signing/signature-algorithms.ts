export type SignatureAlgorithm = 'sha1' | 'sha256';

export interface AlgorithmUris {
  hash: SignatureAlgorithm;
  signatureMethod: string;
  digestMethod: string;
}

export const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const C14N_INCLUSIVE = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const ENVELOPED_SIGNATURE = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

export const ALGORITHMS: Readonly<Record<SignatureAlgorithm, AlgorithmUris>> = {
  // SUNAT's manuals and every issuer (Greenter, OpenUBL) sign with RSA-SHA1, so it stays the default.
  sha1: {
    hash: 'sha1',
    signatureMethod: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    digestMethod: 'http://www.w3.org/2000/09/xmldsig#sha1',
  },
  sha256: {
    hash: 'sha256',
    signatureMethod: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    digestMethod: 'http://www.w3.org/2001/04/xmlenc#sha256',
  },
};
