/** Namespace of the native engine's own functions (the catalogue look-up of validate_utils.xsl). */
export const NATIVE_NS = 'urn:facturacion:sunat-rules:native';
