import { SaxesParser } from 'saxes';

/** What one XML part of an .xlsx may hold: inflated bytes, and elements (all, or only those named `elemento`). */
export interface LimiteParteXml {
  bytes: number;
  elementos: number;
  /** Local name counted (prefix ignored); without it every element counts. */
  elemento?: string;
}

export type ExcesoParte = 'bytes' | 'elementos';

/** Parsing goes in pieces this size, so counting stops within one piece of the limit. */
const PIEZA = 16 * 1024;

/**
 * Measures one XML part while it is being inflated: bytes and elements are counted as the text streams
 * through saxes (the parser exceljs uses), nothing is kept, and the count stops at the first piece past a
 * limit. XML saxes refuses would be refused by exceljs as well, so it throws. A zip holding the same name
 * twice is measured as one part (exceljs reads both).
 */
export class ParteXmlMedida {
  private bytes = 0;
  private elementos = 0;
  private entrada?: { parser: SaxesParser; decoder: TextDecoder };

  constructor(private readonly limite: LimiteParteXml) {}

  /** Feeds an inflated chunk of the current entry; answers the limit it passed, if any. */
  leer(chunk: Uint8Array, final: boolean): ExcesoParte | undefined {
    const { parser, decoder } = (this.entrada ??= this.nuevaEntrada());
    for (let at = 0; at < chunk.length; at += PIEZA) {
      const pieza = chunk.subarray(at, at + PIEZA);
      this.bytes += pieza.length;
      if (this.bytes > this.limite.bytes) return 'bytes';
      parser.write(decoder.decode(pieza, { stream: true }));
      if (this.elementos > this.limite.elementos) return 'elementos';
    }
    if (final) {
      parser.write(decoder.decode()).close();
      this.entrada = undefined;
    }
    return undefined;
  }

  private nuevaEntrada() {
    const parser = new SaxesParser();
    const { elemento } = this.limite;
    parser.on('opentag', (tag) => {
      if (!elemento || tag.name.slice(tag.name.indexOf(':') + 1) === elemento) this.elementos += 1;
    });
    return { parser, decoder: new TextDecoder() };
  }
}
