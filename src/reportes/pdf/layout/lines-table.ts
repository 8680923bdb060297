import { BOLD, FONT, Layout, LINE, rule } from './page';

export interface Columna {
  titulo: string;
  /** Share of the content width (weights are normalised). */
  peso: number;
  align?: 'left' | 'right' | 'center';
}

const PAD = 3;

/**
 * A table of document lines. Rows grow with wrapped text; in A4 the header row repeats on each new
 * page. `reserva` keeps that many points free at the foot of the page for what follows the last row.
 */
export function drawLinesTable(doc: PDFKit.PDFDocument, layout: Layout, columnas: readonly Columna[], filas: readonly string[][]): void {
  const total = columnas.reduce((acc, c) => acc + c.peso, 0);
  const widths = columnas.map((c) => (c.peso / total) * layout.width);
  const xs = widths.map((_, i) => layout.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const ticket = layout.formato === 'ticket';
  doc.fontSize(layout.font).fillColor('black');

  const heightOf = (cells: readonly string[], font: string) =>
    Math.max(...cells.map((cell, i) => doc.font(font).heightOfString(cell || ' ', { width: widths[i] - 2 * PAD }))) + 2 * PAD;

  const drawRow = (cells: readonly string[], font: string, header: boolean) => {
    const y = doc.y;
    const h = heightOf(cells, font);
    if (header && !ticket) doc.rect(layout.left, y, layout.width, h).fillColor('#e8e8e8').fill().fillColor('black');
    doc.font(font);
    cells.forEach((cell, i) => doc.text(cell, xs[i] + PAD, y + PAD, { width: widths[i] - 2 * PAD, align: columnas[i].align ?? 'left' }));
    doc.y = y + h;
    if (!ticket) doc.moveTo(layout.left, doc.y).lineTo(layout.right, doc.y).lineWidth(0.3).strokeColor(LINE).stroke();
  };

  const titulos = columnas.map((c) => c.titulo);
  if (ticket) rule(doc, layout, 1);
  drawRow(titulos, BOLD, true);
  if (ticket) rule(doc, layout, 1);
  for (const fila of filas) {
    if (doc.y + heightOf(fila, FONT) > doc.page.maxY()) {
      doc.addPage();
      if (!ticket) drawRow(titulos, BOLD, true);
    }
    drawRow(fila, FONT, false);
  }
  if (ticket) rule(doc, layout);
  doc.x = layout.left;
  doc.font(FONT);
  doc.moveDown(0.6);
}
