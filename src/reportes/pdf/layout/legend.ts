import { FONT, GRAY, Layout, ensureSpace } from './page';

/** The company's own footer text (its authorization line, a note to buyers), centred under everything else. */
export function drawCompanyLegend(doc: PDFKit.PDFDocument, layout: Layout, texto: string | null): void {
  const text = texto?.trim();
  if (!text) return;
  doc.font(FONT).fontSize(layout.small).fillColor(GRAY);
  const options = { width: layout.width, align: 'center' as const };
  ensureSpace(doc, doc.heightOfString(text, options) + 4);
  doc.y += 4;
  doc.text(text, layout.left, doc.y, options);
  doc.x = layout.left;
  doc.font(FONT).fontSize(layout.font).fillColor('black');
}
