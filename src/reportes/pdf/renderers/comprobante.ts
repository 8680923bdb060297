import { drawFields } from '../layout/fields';
import { drawCompanyLegend } from '../layout/legend';
import { Titulo, drawHeader } from '../layout/header';
import { Columna, drawLinesTable } from '../layout/lines-table';
import { Formato, PdfOptions, createPdf, cropTicket } from '../layout/page';
import { drawNotes, drawSunatFooter, drawSunatObservations } from '../layout/qr';
import { drawTotals } from '../layout/totals';
import { EmisorImpreso, Par, PieSunat } from '../printable';

/** A priced line as printed. Amounts are already formatted. */
export interface LineaImpresa {
  cantidad: string;
  unidad: string;
  codigo: string;
  descripcion: string;
  precio: string;
  importe: string;
}

/** Everything a priced document (sale, note, quotation) prints, in print order. */
export interface ComprobanteImpreso {
  emisor: EmisorImpreso;
  titulo: Titulo;
  campos: Par[];
  lineas: LineaImpresa[];
  totales: Par[];
  enLetras: string | null;
  notas?: { titulo: string; lineas: string[] };
  /** SUNAT's observations ('codigo - mensaje'): its rules at signing, then its CDR's notes. */
  observaciones?: string[];
  /** null for documents SUNAT does not receive (quotations). */
  pie: PieSunat | null;
}

const COLUMNAS: Record<Formato, Columna[]> = {
  a4: [
    { titulo: 'Cant.', peso: 7, align: 'right' },
    { titulo: 'Unid.', peso: 6, align: 'center' },
    { titulo: 'Código', peso: 11 },
    { titulo: 'Descripción', peso: 46 },
    { titulo: 'P. Unit.', peso: 13, align: 'right' },
    { titulo: 'Importe', peso: 14, align: 'right' },
  ],
  ticket: [
    { titulo: 'Cant.', peso: 14, align: 'right' },
    { titulo: 'Descripción', peso: 46 },
    { titulo: 'P.U.', peso: 18, align: 'right' },
    { titulo: 'Importe', peso: 22, align: 'right' },
  ],
};

function celdas(formato: Formato, l: LineaImpresa): string[] {
  return formato === 'a4' ? [l.cantidad, l.unidad, l.codigo, l.descripcion, l.precio, l.importe] : [l.cantidad, l.descripcion, l.precio, l.importe];
}

/** Header, client block, lines, totals and words, notes, SUNAT's observations, SUNAT foot, the company's legend. The document is returned open. */
export function renderComprobante(model: ComprobanteImpreso, formato: Formato, options: PdfOptions = {}): PDFKit.PDFDocument {
  const { doc, layout } = createPdf(formato, { title: `${model.titulo.titulo} ${model.titulo.numero}`, ...options });
  drawHeader(doc, layout, model.emisor, model.titulo);
  drawFields(doc, layout, model.campos);
  drawLinesTable(
    doc,
    layout,
    COLUMNAS[formato],
    model.lineas.map((l) => celdas(formato, l)),
  );
  drawTotals(doc, layout, model.totales, model.enLetras);
  if (model.notas) drawNotes(doc, layout, model.notas.titulo, model.notas.lineas);
  drawSunatObservations(doc, layout, model.observaciones);
  if (model.pie) drawSunatFooter(doc, layout, model.pie);
  drawCompanyLegend(doc, layout, model.emisor.leyenda_pie);
  cropTicket(doc, layout);
  return doc;
}
