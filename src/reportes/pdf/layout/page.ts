import PDFDocument from 'pdfkit';
import { TextLayout, recordTextBoxes } from './text-boxes';

/** 'a4' for printers and e-mail, 'ticket' for 80 mm thermal printers. */
export type Formato = 'a4' | 'ticket';

/** Where a layout helper may draw: the content column and the type sizes of the format. */
export interface Layout {
  formato: Formato;
  left: number;
  width: number;
  right: number;
  /** Body text size. */
  font: number;
  /** Secondary text size (footers, hash). */
  small: number;
  /** Side of one QR module in points. */
  qrModule: number;
}

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const GRAY = '#555555';
export const LINE = '#999999';

const MM = 72 / 25.4;
const A4: [number, number] = [595.28, 841.89];
/** 80 mm paper; the page is cut to the content at the end (cropTicket), 14400 pt is PDF's largest page. */
const TICKET: [number, number] = [80 * MM, 14400];
const MARGIN = { a4: 36, ticket: 4 * MM };

export interface PdfOptions {
  /** FlateDecode content streams (default true). */
  compress?: boolean;
  title?: string;
  /**
   * The PDF's CreationDate (and so its file ID): the document's own creation instant, so that the same data always
   * gives the same bytes (the PDF attached to a mail equals the one downloaded later). Now when absent.
   */
  creado?: Date;
  /** Records every text box drawn into this layout (tests check it for overlaps and margins). */
  textLayout?: TextLayout;
}

/**
 * A pdfkit document with the format's page and margins. Only the standard Helvetica fonts are used:
 * nothing is read from disk and WinAnsi covers Spanish (á, é, ñ, Ú, °).
 */
export function createPdf(formato: Formato, options: PdfOptions = {}): { doc: PDFKit.PDFDocument; layout: Layout } {
  const margin = MARGIN[formato];
  const size = formato === 'a4' ? A4 : TICKET;
  const doc = new PDFDocument({
    size,
    margin,
    compress: options.compress ?? true,
    bufferPages: false,
    autoFirstPage: true,
    info: {
      Title: options.title ?? 'Documento',
      Producer: 'facturacion-sunat',
      Creator: 'facturacion-sunat',
      ...(options.creado ? { CreationDate: new Date(options.creado) } : {}),
    },
  });
  if (options.textLayout) recordTextBoxes(doc, options.textLayout);
  doc.font(FONT);
  const width = size[0] - 2 * margin;
  const layout: Layout =
    formato === 'a4'
      ? { formato, left: margin, width, right: margin + width, font: 9, small: 7.5, qrModule: 2.25 }
      : { formato, left: margin, width, right: margin + width, font: 7.5, small: 6.5, qrModule: 2 };
  doc.y = margin;
  return { doc, layout };
}

/** Starts a new page when `needed` points do not fit below the cursor; returns true when it did. */
export function ensureSpace(doc: PDFKit.PDFDocument, needed: number): boolean {
  if (doc.y + needed <= doc.page.maxY()) return false;
  doc.addPage();
  return true;
}

/**
 * A ticket is one long page; before it is written, its MediaBox keeps only the part that was drawn
 * (pdfkit flips the y axis, so the kept band is the top of the page). Call once, after the last drawing.
 */
export function cropTicket(doc: PDFKit.PDFDocument, layout: Layout): void {
  if (layout.formato !== 'ticket') return;
  const page = doc.page;
  const used = Math.min(page.height, Math.ceil(doc.y + page.margins.bottom));
  (page.dictionary as unknown as { data: { MediaBox: number[] } }).data.MediaBox = [0, page.height - used, page.width, page.height];
}

/** Ends the document and collects it (single documents are small; exports stream instead). */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A horizontal rule across the content column. */
export function rule(doc: PDFKit.PDFDocument, layout: Layout, gap = 4): void {
  doc.moveDown(0.2);
  const y = doc.y;
  if (layout.formato === 'ticket') doc.dash(1.5, { space: 1.5 });
  doc.moveTo(layout.left, y).lineTo(layout.right, y).lineWidth(0.5).strokeColor(LINE).stroke().undash();
  doc.y = y + gap;
}
