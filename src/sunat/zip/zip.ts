import { strToU8, unzipSync, zipSync } from 'fflate';

/**
 * fflate rather than archiver: it is synchronous and in-memory (no streams to drain for a 5 KB
 * document), and in the issue #3 measurements it zips a document in microseconds while archiver's
 * stream setup alone costs more than signing it.
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
  const data = typeof xml === 'string' ? strToU8(xml) : new Uint8Array(xml.buffer, xml.byteOffset, xml.byteLength);
  const zipped = zipSync({ [`${name}.xml`]: [data, { level: 6 }] });
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
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
