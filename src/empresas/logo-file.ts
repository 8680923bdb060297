import sharp from 'sharp';
import { invalidField } from '@/common/errors/http-errors';

/** Logo types accepted, recognised by their first bytes (the client's Content-Type is not trusted). */
const SIGNATURES: Array<{ ext: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function logoExtension(content: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(content))?.ext ?? null;
}

/**
 * A small file can declare a huge canvas (a 762 KB PNG of 14000x14000 made every PDF take 55 s and
 * 3.2 GB). Images whose header declares more than this are refused before they are decoded.
 */
export const LOGO_MAX_PIXELS = 4096 * 4096;

/** The stored copy fits in this square: a printed logo is at most ~5 cm wide. */
export const LOGO_STORED_SIDE = 800;

/**
 * The logo as it is stored and printed: decoded with sharp (libvips, off the event loop), oriented,
 * shrunk to fit LOGO_STORED_SIDE and re-encoded as PNG, so every PDF reads a small, well-formed image
 * whatever the upload held (WEBP too, which PDFKit cannot draw).
 */
export async function normalizeLogo(content: Buffer): Promise<Buffer> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(content, { limitInputPixels: false }).metadata());
  } catch {
    throw invalidField('logo', 'El logo no es una imagen válida.');
  }
  if (!width || !height) throw invalidField('logo', 'El logo no es una imagen válida.');
  if (width * height > LOGO_MAX_PIXELS) {
    throw invalidField('logo', `El logo no debe superar ${Math.sqrt(LOGO_MAX_PIXELS)} x ${Math.sqrt(LOGO_MAX_PIXELS)} píxeles (tiene ${width} x ${height}).`);
  }
  try {
    return await sharp(content, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(LOGO_STORED_SIDE, LOGO_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw invalidField('logo', 'El logo no es una imagen válida.');
  }
}
