import { Par } from '../printable';
import { BOLD, FONT, Layout, LINE, ensureSpace, rule } from './page';

/** A4 label column: as wide as the longest label, within these bounds (longer labels wrap inside it). */
const LABEL_MIN = 60;
const LABEL_MAX = 130;
const GAP = 4;

/**
 * Label/value rows (client, dates, currency, references). A4: a label column and a value column inside a
 * frame; ticket: the label, then the value beside it. Empty values are left out. A row is as tall as the
 * taller of its label and value, so a label or value that wraps never runs into the next row.
 */
export function drawFields(doc: PDFKit.PDFDocument, layout: Layout, pares: readonly Par[]): void {
  const rows = pares.filter(([, value]) => value !== '' && value !== null && value !== undefined);
  if (!rows.length) return;
  doc.fontSize(layout.font).fillColor('black');
  if (layout.formato === 'ticket') {
    for (const [label, value] of rows) drawRow(doc, layout, layout.left, layout.width, `${label}:`, value, ticketLabelWidth(doc, layout, label));
    rule(doc, layout);
    return;
  }
  const pad = 6;
  const inner = layout.width - 2 * pad;
  doc.font(BOLD);
  const labelWidth = Math.min(LABEL_MAX, Math.max(LABEL_MIN, ...rows.map(([label]) => Math.ceil(doc.widthOfString(`${label}:`)) + 1)));
  ensureSpace(doc, rowHeight(doc, `${rows[0][0]}:`, rows[0][1], labelWidth, inner) + 2 * pad);
  // A frame per page: a block that does not fit is closed at the foot and continues on the next page.
  let top = doc.y;
  doc.y = top + pad;
  const frame = () => {
    const bottom = doc.y + pad - 2;
    doc
      .roundedRect(layout.left, top, layout.width, bottom - top, 4)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    return bottom;
  };
  rows.forEach(([label, value], i) => {
    if (i > 0 && doc.y + rowHeight(doc, `${label}:`, value, labelWidth, inner) + pad > doc.page.maxY()) {
      frame();
      doc.addPage();
      top = doc.y;
      doc.y = top + pad;
    }
    drawRow(doc, layout, layout.left + pad, inner, `${label}:`, value, labelWidth);
  });
  const bottom = frame();
  doc.x = layout.left;
  doc.y = bottom + 10;
}

function ticketLabelWidth(doc: PDFKit.PDFDocument, layout: Layout, label: string): number {
  doc.font(BOLD);
  return Math.min(layout.width * 0.45, Math.ceil(doc.widthOfString(`${label}:`)) + 1);
}

function rowHeight(doc: PDFKit.PDFDocument, label: string, value: string, labelWidth: number, width: number): number {
  const labelHeight = doc.font(BOLD).heightOfString(label, { width: labelWidth });
  const valueHeight = doc.font(FONT).heightOfString(value, { width: width - labelWidth - GAP });
  return Math.max(labelHeight, valueHeight);
}

/** One label/value row at doc.y; leaves doc.y below the taller of the two. */
function drawRow(doc: PDFKit.PDFDocument, layout: Layout, x: number, width: number, label: string, value: string, labelWidth: number): void {
  const y = doc.y;
  doc.font(BOLD).text(label, x, y, { width: labelWidth });
  const labelBottom = doc.y;
  doc.font(FONT).text(value, x + labelWidth + GAP, y, { width: width - labelWidth - GAP });
  doc.y = Math.max(labelBottom, doc.y) + (layout.formato === 'a4' ? 2 : 0.5);
}
