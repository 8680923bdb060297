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

function textLines(pie: PieSunat): Array<[string, string]> {
  return [
    [pie.leyenda, BOLD],
    [`Estado SUNAT: ${pie.estado}`, BOLD],
    ...(pie.mensaje ? ([[pie.mensaje, FONT]] as Array<[string, string]>) : []),
    ...(pie.hash ? ([[`Resumen (hash): ${pie.hash}`, FONT]] as Array<[string, string]>) : []),
  ];
}

/** QR, legend, SUNAT state and hash. A4: QR at the left with the text beside it; ticket: centred stack. */
export function drawSunatFooter(doc: PDFKit.PDFDocument, layout: Layout, pie: PieSunat): void {
  const qr = pie.qr ? QRCode.create(pie.qr, QR_OPTIONS) : null;
  const side = qr ? qrSide(qr, layout.qrModule) : 0;
  ensureSpace(doc, Math.max(side, 60) + 10);
  const top = doc.y;
  doc.fontSize(layout.small).fillColor(GRAY);
  if (layout.formato === 'a4') {
    if (qr) drawQr(doc, qr, layout.left, top, layout.qrModule);
    const x = layout.left + side + 10;
    let y = top + (qr ? 4 * layout.qrModule : 0);
    for (const [text, font] of textLines(pie)) {
      doc.font(font).text(text, x, y, { width: layout.right - x });
      y = doc.y + 2;
    }
    doc.y = Math.max(top + side, doc.y) + 6;
  } else {
    if (qr) drawQr(doc, qr, layout.left + (layout.width - side) / 2, top, layout.qrModule);
    doc.y = top + side + 2;
    for (const [text, font] of textLines(pie)) doc.font(font).text(text, layout.left, doc.y, { width: layout.width, align: 'center' });
    doc.moveDown(0.5);
  }
  doc.x = layout.left;
  doc.font(FONT).fillColor('black');
}

/** Free text at the foot (observations, conditions). */
export function drawNotes(doc: PDFKit.PDFDocument, layout: Layout, titulo: string, lineas: readonly string[]): void {
  const rows = lineas.filter((l) => l && l.trim());
  if (!rows.length) return;
  ensureSpace(doc, 30);
  doc.fontSize(layout.font).font(BOLD).fillColor('black').text(titulo, layout.left, doc.y, { width: layout.width });
  doc.font(FONT);
  for (const line of rows) doc.text(line, { width: layout.width });
  doc.moveDown(0.6);
}
