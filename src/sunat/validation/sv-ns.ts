/** Namespace of the validator's own names (driver functions, parameters, messages). */
export const SV_NS = 'urn:x-sunat-xsl-validator';
