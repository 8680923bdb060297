/**
 * Id shared by the UBL cac:Signature block (cbc:ID and the #URI of its ExternalReference)
 * and the ds:Signature element the signer inserts: SUNAT checks that they match.
 */
export const SIGNATURE_ID = 'SignSUNAT';
