import { unzipSync } from 'fflate';
import { zipSingleEntry } from './zip-writer';

/**
 * Writing: node:zlib deflate behind a one-entry zip writer (zip-writer.ts). Reading: fflate, synchronous
 * and in memory, with a size cap. archiver was not used: its stream setup costs more than signing.
 */

/** A CDR zip is a few KB; refusing anything that inflates past this keeps a zip bomb out. */
const MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** `{name}.zip` holding exactly one entry `{name}.xml`, as SUNAT expects. `name` has no extension. */
export function zipDocument(name: string, xml: string | Buffer): Buffer {
  if (!name || /[\\/]/.test(name) || /\.(xml|zip)$/i.test(name)) {
    throw new ZipError(`Nombre de archivo inválido para el zip: '${name}'`);
  }
  return zipSingleEntry(`${name}.xml`, typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml);
}

/** Every entry of a zip by its path (directories such as the CDR's `dummy/` included, empty). */
export function unzip(zip: Buffer | Uint8Array): Map<string, Buffer> {
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), {
      filter: (file) => {
        total += file.originalSize;
        if (total > MAX_UNZIPPED_BYTES) throw new ZipError('El zip excede el tamaño permitido');
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError(`Zip corrupto: ${(error as Error).message}`);
  }
  const files = new Map<string, Buffer>();
  for (const [path, data] of Object.entries(entries)) {
    files.set(path, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
  return files;
}

/** The XML entries of a zip, skipping directories such as `dummy/`. */
export function xmlEntries(zip: Buffer | Uint8Array): Array<[string, Buffer]> {
  return [...unzip(zip)].filter(([path]) => !path.endsWith('/') && /\.xml$/i.test(path));
}
