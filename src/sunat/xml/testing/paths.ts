import * as path from 'node:path';

/** The shared folder (XSDs, SUNAT XSL tool, samples); tests only, never runtime code. */
export const SHARED_DIR = process.env.SUNAT_SHARED_DIR ?? process.env.SHARED_DIR ?? path.resolve(__dirname, '../../../../../shared');

/** SUNAT's XSL validator (shared/tools/sunat-xsl/validate, or a copy built elsewhere by .ci/run). */
export const SUNAT_XSL_TOOL = process.env.SUNAT_XSL_VALIDATE ?? path.join(SHARED_DIR, 'tools', 'sunat-xsl', 'validate');
