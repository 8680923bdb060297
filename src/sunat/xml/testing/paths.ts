import * as path from 'node:path';

/**
 * SUNAT and OASIS data vendored in this repository (XSDs, XSL rules, samples, WSDL, codes; see its
 * PROVENANCE.md). Tests read it from here only: a clone of the repository is enough to run them.
 */
export const VENDOR_SUNAT_DIR = path.resolve(__dirname, '../../../../vendor/sunat');

/** @deprecated being removed (shared/ is no longer used). */
export const SHARED_DIR = path.resolve(__dirname, '../../../../../shared');
/** @deprecated being removed. */
export const SUNAT_XSL_TOOL = process.env.SUNAT_XSL_VALIDATE ?? path.join(SHARED_DIR, 'tools', 'sunat-xsl', 'validate');
