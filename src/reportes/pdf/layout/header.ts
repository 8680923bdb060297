import { EmisorImpreso } from '../printable';
import { BOLD, FONT, GRAY, Layout } from './page';

export interface Titulo {
  /** 'FACTURA ELECTRÓNICA' */
  titulo: string;
  /** 'F001-1' */
  numero: string;
}

/** Company logo and fiscal data, and the document box (RUC, type, number). Leaves doc.y below it. */
export function drawHeader(doc: PDFKit.PDFDocument, layout: Layout, emisor: EmisorImpreso, titulo: Titulo): void {
  if (layout.formato === 'a4') drawA4(doc, layout, emisor, titulo);
  else drawTicket(doc, layout, emisor, titulo);
}

function companyLines(emisor: EmisorImpreso): string[] {
  return [
    emisor.comercial && emisor.comercial !== emisor.razon_social ? emisor.comercial : null,
    emisor.direccion,
    emisor.ubicacion,
    [emisor.telefono ? `Telf.: ${emisor.telefono}` : null, emisor.email].filter(Boolean).join('  ') || null,
  ].filter((l): l is string => !!l);
}

/** Draws the logo inside the box; returns false when the bytes are not an image pdfkit reads. */
function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer, x: number, y: number, fit: [number, number], centered: boolean): boolean {
  try {
    doc.image(logo, x, y, centered ? { fit, align: 'center', valign: 'center' } : { fit, valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

function drawA4(doc: PDFKit.PDFDocument, layout: Layout, emisor: EmisorImpreso, titulo: Titulo): void {
  const top = doc.y;
  const boxWidth = 180;
  const boxX = layout.right - boxWidth;
  let textX = layout.left;
  if (emisor.logo && drawLogo(doc, emisor.logo, layout.left, top, [110, 70], false)) textX += 120;
  const textWidth = boxX - 12 - textX;
  doc.font(BOLD).fontSize(11).fillColor('black').text(emisor.razon_social, textX, top, { width: textWidth });
  doc.font(FONT).fontSize(layout.font).fillColor(GRAY);
  for (const line of companyLines(emisor)) doc.text(line, textX, doc.y + 1, { width: textWidth });
  const textBottom = doc.y;

  const boxLines: Array<[string, number]> = [
    [`R.U.C. N° ${emisor.ruc}`, 11],
    [titulo.titulo, 11],
    [titulo.numero, 12],
  ];
  // The box grows with a title that wraps (guides' and notes' titles take two lines).
  const inner = boxWidth - 12;
  const content = boxLines.reduce((h, [text, size]) => h + doc.font(BOLD).fontSize(size).heightOfString(text, { width: inner, align: 'center' }) + 5, 0) - 5;
  const boxHeight = Math.max(78, Math.ceil(content) + 20);
  doc.roundedRect(boxX, top, boxWidth, boxHeight, 4).lineWidth(1).strokeColor('black').stroke();
  doc.fillColor('black');
  let y = top + (boxHeight - content) / 2;
  for (const [text, size] of boxLines) {
    doc
      .font(BOLD)
      .fontSize(size)
      .text(text, boxX + 6, y, { width: inner, align: 'center' });
    y = doc.y + 5;
  }
  doc.font(FONT).fontSize(layout.font).fillColor('black');
  doc.x = layout.left;
  doc.y = Math.max(textBottom, top + boxHeight, emisor.logo ? top + 70 : 0) + 12;
}

function drawTicket(doc: PDFKit.PDFDocument, layout: Layout, emisor: EmisorImpreso, titulo: Titulo): void {
  const center = { width: layout.width, align: 'center' as const };
  if (emisor.logo && drawLogo(doc, emisor.logo, layout.left, doc.y, [layout.width, 56], true)) doc.y += 60;
  doc
    .font(BOLD)
    .fontSize(layout.font + 1.5)
    .fillColor('black')
    .text(emisor.razon_social, layout.left, doc.y, center);
  doc.font(FONT).fontSize(layout.font).text(`R.U.C. ${emisor.ruc}`, center);
  for (const line of companyLines(emisor)) doc.text(line, center);
  doc.moveDown(0.5);
  doc
    .font(BOLD)
    .fontSize(layout.font + 1)
    .text(titulo.titulo, center)
    .text(titulo.numero, center);
  doc.font(FONT).fontSize(layout.font);
  doc.moveDown(0.4);
}
