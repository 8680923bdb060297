import { Par } from '../printable';
import { BOLD, FONT, Layout, LINE, rule } from './page';

/**
 * Label/value rows (client, dates, currency, references). A4: two columns inside a frame;
 * ticket: one column. Empty values are left out.
 */
export function drawFields(doc: PDFKit.PDFDocument, layout: Layout, pares: readonly Par[]): void {
  const rows = pares.filter(([, value]) => value !== '' && value !== null && value !== undefined);
  if (!rows.length) return;
  doc.fontSize(layout.font).fillColor('black');
  if (layout.formato === 'ticket') {
    for (const [label, value] of rows) {
      doc.font(BOLD).text(`${label}: `, layout.left, doc.y, { continued: true, width: layout.width });
      doc.font(FONT).text(value);
    }
    rule(doc, layout);
    return;
  }
  const top = doc.y;
  const labelWidth = 95;
  const pad = 6;
  let y = top + pad;
  for (const [label, value] of rows) {
    doc.font(BOLD).text(`${label}:`, layout.left + pad, y, { width: labelWidth });
    doc.font(FONT).text(value, layout.left + pad + labelWidth, y, { width: layout.width - labelWidth - 2 * pad });
    y = doc.y + 2;
  }
  const bottom = y + pad - 2;
  doc
    .roundedRect(layout.left, top, layout.width, bottom - top, 4)
    .lineWidth(0.5)
    .strokeColor(LINE)
    .stroke();
  doc.x = layout.left;
  doc.y = bottom + 10;
}
