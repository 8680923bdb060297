import * as path from 'node:path';

/**
 * SUNAT and OASIS data vendored in this repository (XSDs, XSL rules, samples, WSDL, codes; see its
 * PROVENANCE.md). Tests read it from here only: a clone of the repository is enough to run them.
 */
export const VENDOR_SUNAT_DIR = path.resolve(__dirname, '../../../../vendor/sunat');
