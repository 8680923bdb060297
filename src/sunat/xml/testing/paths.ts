import * as path from 'node:path';

/** The shared folder (XSDs, SUNAT XSL tool, samples); tests only, never runtime code. */
export const SHARED_DIR = process.env.SUNAT_SHARED_DIR ?? process.env.SHARED_DIR ?? path.resolve(__dirname, '../../../../../shared');
