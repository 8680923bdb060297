import { Par } from '../printable';
import { BOLD, FONT, Layout, ensureSpace } from './page';

/**
 * Totals, right-aligned (the last pair in bold), then the amount in words. A4: a block at the right
 * of the page; ticket: full width. A row is as tall as the taller of its label and amount.
 */
export function drawTotals(doc: PDFKit.PDFDocument, layout: Layout, pares: readonly Par[], enLetras: string | null): void {
  const blockWidth = layout.formato === 'a4' ? 230 : layout.width;
  const x = layout.right - blockWidth;
  const labelWidth = blockWidth * 0.6;
  const valueWidth = blockWidth - labelWidth;
  doc.fontSize(layout.font).fillColor('black');
  const heights = pares.map(([label, value], i) => {
    doc.font(i === pares.length - 1 ? BOLD : FONT);
    return Math.max(doc.heightOfString(label, { width: labelWidth - 4 }), doc.heightOfString(value, { width: valueWidth }));
  });
  const words = enLetras ? doc.font(BOLD).heightOfString(enLetras, { width: layout.width }) + doc.currentLineHeight(true) * 0.5 : 0;
  ensureSpace(doc, heights.reduce((a, h) => a + h + 1, 0) + words);
  pares.forEach(([label, value], i) => {
    const font = i === pares.length - 1 ? BOLD : FONT;
    const y = doc.y;
    doc.font(font).text(label, x, y, { width: labelWidth - 4, align: 'right' });
    doc.font(font).text(value, x + labelWidth, y, { width: valueWidth, align: 'right' });
    doc.y = y + heights[i] + 1;
  });
  doc.x = layout.left;
  doc.font(FONT);
  if (enLetras) {
    doc.moveDown(0.5);
    doc.font(BOLD).text(enLetras, layout.left, doc.y, { width: layout.width });
    doc.font(FONT);
  }
  doc.moveDown(0.6);
}
