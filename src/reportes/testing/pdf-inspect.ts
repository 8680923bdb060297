import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { QR_OPTIONS } from '../pdf/layout/qr';

/*
 * Reads back what pdfkit wrote, for tests and the benchmark: no PDF parser dependency. It understands
 * pdfkit's own output (FlateDecode content streams, standard fonts with WinAnsi hex strings), not PDF
 * in general.
 */

const WIN_ANSI_EXTRA: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—' };

export interface PdfInspection {
  pages: number;
  /** [x0, y0, x1, y1] of every page, in order. */
  mediaBoxes: number[][];
  /** Text of every BT..ET block, one per line, in drawing order. */
  text: string;
  /** Same text with every run of whitespace as one space (wrapped lines join back). */
  flat: string;
  /** Rectangles filled by the content streams ([x, y, w, h]). */
  rects: number[][];
}

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, '');
  let out = '';
  for (let i = 0; i < clean.length; i += 2) {
    const code = parseInt(clean.slice(i, i + 2), 16);
    out += WIN_ANSI_EXTRA[code] ?? String.fromCharCode(code);
  }
  return out;
}

function contentStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const re = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const dict = m[1];
    const start = m.index + m[0].length;
    const lengthMatch = /\/Length (\d+)/.exec(dict);
    const end = lengthMatch ? start + Number(lengthMatch[1]) : raw.indexOf('endstream', start);
    re.lastIndex = end;
    if (/\/Subtype \/Image|\/Type \/XObject|\/Length1|\/Type \/Metadata/.test(dict)) continue;
    const bytes = pdf.subarray(start, end);
    try {
      out.push((/\/FlateDecode/.test(dict) ? inflateSync(bytes) : bytes).toString('latin1'));
    } catch {
      // Not a stream this reader needs (fonts, ICC profiles).
    }
  }
  return out;
}

export function inspectPdf(pdf: Buffer): PdfInspection {
  const raw = pdf.toString('latin1');
  if (!raw.startsWith('%PDF-') || !raw.trimEnd().endsWith('%%EOF')) throw new Error('not a complete PDF');
  const pageDicts = raw.match(/\/Type \/Page\b[\s\S]*?>>/g) ?? [];
  const mediaBoxes = pageDicts.map((d) => {
    const box = /\/MediaBox \[([^\]]+)\]/.exec(d);
    return box ? box[1].trim().split(/\s+/).map(Number) : [];
  });
  const lines: string[] = [];
  const rects: number[][] = [];
  for (const stream of contentStreams(pdf)) {
    for (const block of stream.match(/BT[\s\S]*?ET/g) ?? []) {
      const parts = block.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      lines.push(parts.map((p) => (p.startsWith('<') ? decodeHex(p.slice(1, -1)) : p.slice(1, -1).replace(/\\(.)/g, '$1'))).join(''));
    }
    const reRect = /(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g;
    let r: RegExpExecArray | null;
    while ((r = reRect.exec(stream))) rects.push([Number(r[1]), Number(r[2]), Number(r[3]), Number(r[4])]);
  }
  const text = lines.join('\n');
  return { pages: pageDicts.length, mediaBoxes, text, flat: text.replace(/\s+/g, ' '), rects };
}

/** Dark modules of the QR of `payload` as 'row,col' keys, as the renderer's options produce them. */
export function expectedQrModules(payload: string): Set<string> {
  const { modules } = QRCode.create(payload, QR_OPTIONS);
  const out = new Set<string>();
  for (let row = 0; row < modules.size; row++) for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) out.add(`${row},${col}`);
  return out;
}

/**
 * The QR symbols drawn in the PDF, read back from the run rectangles of height `module`: each set of
 * dark modules as 'row,col' keys. Symbols are told apart by a gap larger than their quiet zone.
 */
export function drawnQrModules(inspection: PdfInspection, module: number): Set<string>[] {
  const eps = 1e-3;
  const runs = inspection.rects.filter(([, , w, h]) => Math.abs(h - module) < eps && w > 0 && Math.abs(w / module - Math.round(w / module)) < eps);
  const groups: number[][][] = [];
  for (const run of runs) {
    const last = groups[groups.length - 1];
    const prev = last?.[last.length - 1];
    if (prev && run[1] - prev[1] <= 8 * module && run[1] >= prev[1] - eps) last.push(run);
    else groups.push([run]);
  }
  return groups.map((g) => {
    const x0 = Math.min(...g.map((r) => r[0]));
    const y0 = Math.min(...g.map((r) => r[1]));
    const set = new Set<string>();
    for (const [x, y, w] of g) {
      const row = Math.round((y - y0) / module);
      const col = Math.round((x - x0) / module);
      for (let k = 0; k < Math.round(w / module); k++) set.add(`${row},${col + k}`);
    }
    return set;
  });
}

export function sameModules(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((k) => b.has(k));
}
