import { Par } from '../printable';
import { BOLD, FONT, Layout } from './page';
import { ensureSpace } from './page';

/**
 * Totals, right-aligned (the last pair in bold), then the amount in words. A4: a block at the right
 * of the page; ticket: full width.
 */
export function drawTotals(doc: PDFKit.PDFDocument, layout: Layout, pares: readonly Par[], enLetras: string | null): void {
  const blockWidth = layout.formato === 'a4' ? 230 : layout.width;
  const x = layout.right - blockWidth;
  const labelWidth = blockWidth * 0.6;
  ensureSpace(doc, pares.length * (layout.font + 4) + 30);
  doc.fontSize(layout.font).fillColor('black');
  pares.forEach(([label, value], i) => {
    const font = i === pares.length - 1 ? BOLD : FONT;
    const y = doc.y;
    doc.font(font).text(label, x, y, { width: labelWidth, align: 'right' });
    doc.font(font).text(value, x + labelWidth, y, { width: blockWidth - labelWidth, align: 'right' });
    doc.y = Math.max(doc.y, y + layout.font + 2) + 1;
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
