import { Unzip, UnzipInflate } from 'fflate';
import { ExcesoParte, LimiteParteXml, ParteXmlMedida } from './parte-xml-medida';

export interface LimitesXlsx {
  /** Inflated bytes of all the parts together. */
  descomprimido: number;
  /** XML parts (by their path in the zip) measured while inflating, before any parser sees them. */
  partes: Record<string, LimiteParteXml>;
}

export type ExcesoXlsx = { limite: 'descomprimido' } | { limite: ExcesoParte; parte: string };

/**
 * What the parts of an .xlsx weigh once inflated (a 430 KB file held 3M rows): the zip is inflated
 * once in a stream, counting bytes and keeping none, and stops as soon as a limit is passed: the total, or
 * the bytes or elements of one of `limites.partes` (a 43 KB file held 5M shared strings).
 * Declared sizes in the zip headers and counts in the XML are not trusted. Input goes in small slices
 * (deflate expands at most ~1,000:1, so one slice is a few MB of work) with a turn of the event loop
 * between them, so other requests keep being answered while a large file is measured.
 * Throws when a measured part is not well-formed XML.
 */
export async function revisarDescomprimido(zip: Buffer, limites: LimitesXlsx): Promise<ExcesoXlsx | undefined> {
  let total = 0;
  let exceso: ExcesoXlsx | undefined;
  let fallo: unknown;
  const medidas = new Map<string, ParteXmlMedida>();
  const unzip = new Unzip((file) => {
    if (exceso || fallo) return;
    const limiteParte = limites.partes[file.name];
    const medida = limiteParte && (medidas.get(file.name) ?? new ParteXmlMedida(limiteParte));
    if (medida) medidas.set(file.name, medida);
    file.ondata = (error, chunk, final) => {
      if (error || exceso || fallo) return;
      total += chunk.length;
      if (total > limites.descomprimido) exceso = { limite: 'descomprimido' };
      else if (medida) {
        try {
          const pasado = medida.leer(chunk, final);
          if (pasado) exceso = { limite: pasado, parte: file.name };
        } catch (e) {
          fallo = e;
        }
      }
      if (exceso || fallo) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const PASO = 4 * 1024;
  for (let at = 0; at < zip.length && !exceso && !fallo; at += PASO) {
    unzip.push(zip.subarray(at, at + PASO), at + PASO >= zip.length);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (fallo) throw fallo;
  return exceso;
}
