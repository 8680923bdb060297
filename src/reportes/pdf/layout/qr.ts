import QRCode from 'qrcode';
import { PieSunat } from '../printable';
import { BOLD, FONT, GRAY, Layout, ensureSpace } from './page';

/** Level Q, as SUNAT's printed-representation guide recommends; tests rebuild the matrix with these. */
export const QR_OPTIONS: QRCode.QRCodeOptions = { errorCorrectionLevel: 'Q' };
/** Light modules around the symbol (the standard asks for 4). */
const QUIET = 4;

/**
 * Draws the QR as vector squares (one rectangle per horizontal run of dark modules): sharp at any zoom
 * and printer resolution, no image to encode. Returns the side of the symbol including its quiet zone.
 */
export function drawQr(doc: PDFKit.PDFDocument, payload: string | QRCode.QRCode, x: number, y: number, module: number): number {
  const { modules } = typeof payload === 'string' ? QRCode.create(payload, QR_OPTIONS) : payload;
  const n = modules.size;
  const side = (n + 2 * QUIET) * module;
  const ox = x + QUIET * module;
  const oy = y + QUIET * module;
  doc.save().fillColor('black');
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      doc.rect(ox + start * module, oy + row * module, (col - start) * module, module);
    }
  }
  doc.fill().restore();
  return side;
}

/** Side in points a QR symbol takes with `module`, quiet zone included. */
function qrSide(qr: QRCode.QRCode, module: number): number {
  return (qr.modules.size + 2 * QUIET) * module;
}

type Linea = { text: string; font: string; size?: number };

function textLines(pie: PieSunat): Linea[] {
  return [
    { text: pie.leyenda, font: BOLD },
    ...(pie.consulta
      ? [
          { text: 'Consulte su validez en:', font: FONT },
          { text: pie.consulta, font: FONT },
        ]
      : []),
    { text: `Estado SUNAT: ${pie.estado}`, font: BOLD },
    ...(pie.mensaje ? [{ text: pie.mensaje, font: FONT }] : []),
    ...(pie.hash ? [{ text: `Resumen (hash): ${pie.hash}`, font: FONT }] : []),
  ];
}

/** A web address is one word: in a narrow column it is set smaller so that it stays on one line, whole. */
function fitUrls(doc: PDFKit.PDFDocument, lineas: Linea[], width: number, size: number, url: string | null | undefined): Linea[] {
  return lineas.map((l) => {
    if (l.text !== url) return l;
    const natural = doc.font(l.font).fontSize(size).widthOfString(l.text);
    return natural <= width ? l : { ...l, size: Math.max(4, Math.floor(((size * width) / natural) * 10) / 10) };
  });
}

function linesHeight(doc: PDFKit.PDFDocument, lineas: Linea[], width: number, size: number, gap: number): number {
  return lineas.reduce(
    (h, l) =>
      h +
      doc
        .font(l.font)
        .fontSize(l.size ?? size)
        .heightOfString(l.text, { width }) +
      gap,
    0,
  );
}

/** QR, legend, where to check the document, SUNAT state and hash. A4: QR at the left with the text beside it; ticket: centred stack. */
export function drawSunatFooter(doc: PDFKit.PDFDocument, layout: Layout, pie: PieSunat): void {
  const qr = pie.qr ? QRCode.create(pie.qr, QR_OPTIONS) : null;
  const side = qr ? qrSide(qr, layout.qrModule) : 0;
  doc.fillColor(GRAY);
  if (layout.formato === 'a4') {
    const x = layout.left + side + 10;
    const width = layout.right - x;
    const lineas = fitUrls(doc, textLines(pie), width, layout.small, pie.consulta);
    const offset = qr ? 4 * layout.qrModule : 0;
    ensureSpace(doc, Math.max(side, offset + linesHeight(doc, lineas, width, layout.small, 2)) + 6);
    const top = doc.y;
    if (qr) drawQr(doc, qr, layout.left, top, layout.qrModule);
    let y = top + offset;
    for (const l of lineas) {
      doc
        .font(l.font)
        .fontSize(l.size ?? layout.small)
        .text(l.text, x, y, { width });
      y = doc.y + 2;
    }
    doc.y = Math.max(top + side, doc.y) + 6;
  } else {
    const lineas = fitUrls(doc, textLines(pie), layout.width, layout.small, pie.consulta);
    ensureSpace(doc, side + 2 + linesHeight(doc, lineas, layout.width, layout.small, 0));
    const top = doc.y;
    if (qr) drawQr(doc, qr, layout.left + (layout.width - side) / 2, top, layout.qrModule);
    doc.y = top + side + 2;
    for (const l of lineas) {
      doc
        .font(l.font)
        .fontSize(l.size ?? layout.small)
        .text(l.text, layout.left, doc.y, { width: layout.width, align: 'center' });
    }
    doc.fontSize(layout.small).moveDown(0.5);
  }
  doc.x = layout.left;
  doc.font(FONT).fontSize(layout.font).fillColor('black');
}

/** Free text at the foot (observations, conditions): the title stays with its first line, a line that does not fit goes to the next page. */
export function drawNotes(doc: PDFKit.PDFDocument, layout: Layout, titulo: string, lineas: readonly string[], size = layout.font): void {
  const rows = lineas.filter((l) => l && l.trim());
  if (!rows.length) return;
  doc.fontSize(size).fillColor('black');
  const height = (text: string, font: string) => doc.font(font).heightOfString(text, { width: layout.width });
  ensureSpace(doc, height(titulo, BOLD) + height(rows[0], FONT));
  doc.font(BOLD).text(titulo, layout.left, doc.y, { width: layout.width });
  for (const line of rows) {
    ensureSpace(doc, height(line, FONT));
    doc.font(FONT).text(line, layout.left, doc.y, { width: layout.width });
  }
  doc.moveDown(0.6).fontSize(layout.font);
}

/**
 * SUNAT's observations in small print. The rules at signing repeat one observation per line of the document
 * with the same text: each text is printed once.
 */
export function drawSunatObservations(doc: PDFKit.PDFDocument, layout: Layout, observaciones: readonly string[] | null | undefined): void {
  drawNotes(doc, layout, 'Observaciones SUNAT', [...new Set(observaciones ?? [])], layout.small);
}
