import { VENTA_ANULADA } from '@/common/estados';
import type { Writable } from 'node:stream';
import { hoyLima } from '@/common/fecha';
import { D } from '@/common/money';
import { fecha, money } from '../pdf/layout/format';
import { drawHeader } from '../pdf/layout/header';
import { BOLD, FONT, GRAY, LINE, createPdf } from '../pdf/layout/page';
import { EmisorImpreso } from '../pdf/printable';
import { drained } from './backpressure';
import { VentaExportada } from '@/ventas/venta-bloques';
import { estadoSunatVenta } from '../pdf/renderers/venta.renderer';

interface Col {
  titulo: string;
  width: number;
  align: 'left' | 'right';
}

const COLS: Col[] = [
  { titulo: 'Fecha', width: 42, align: 'left' },
  { titulo: 'Comprobante', width: 52, align: 'left' },
  { titulo: 'Documento', width: 50, align: 'left' },
  { titulo: 'Cliente', width: 122, align: 'left' },
  { titulo: 'Mon.', width: 22, align: 'left' },
  { titulo: 'Op. grav.', width: 52, align: 'right' },
  { titulo: 'IGV', width: 46, align: 'right' },
  { titulo: 'Total', width: 52, align: 'right' },
  { titulo: 'Estado SUNAT', width: 85, align: 'left' },
];
const ROW = 11;
const SIZE = 7;

/**
 * The text cut (with an ellipsis) to `avail` points in the current font: cells are single lines, so
 * every row has the same height and no cell runs into the next row.
 */
function fit(doc: PDFKit.PDFDocument, text: string, avail: number): { text: string; width: number } {
  let width = doc.widthOfString(text);
  if (width <= avail) return { text, width };
  let cut = text;
  while (cut.length > 1 && width > avail) {
    cut = cut.slice(0, Math.max(1, Math.floor((cut.length * avail) / width) - 1));
    width = doc.widthOfString(`${cut}…`);
  }
  return { text: `${cut}…`, width };
}

export interface FiltrosImpresos {
  /** 'Desde 2025-01-01 hasta 2025-01-31, tipo 01' */
  descripcion: string;
}

/**
 * The filtered sales as an A4 listing, written to `out` while they are read: pdfkit flushes each page
 * when the next one starts (bufferPages off), so memory holds one page and one block. Ends with the
 * count and the totals per currency.
 */
export async function writeVentasPdf(
  bloques: AsyncIterable<VentaExportada[]>,
  emisor: EmisorImpreso,
  filtros: FiltrosImpresos,
  out: Writable,
): Promise<number> {
  const { doc, layout } = createPdf('a4', { title: 'Reporte de ventas' });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('close', resolve);
    out.on('error', reject);
  });
  doc.pipe(out);
  drawHeader(doc, layout, emisor, { titulo: 'REPORTE DE VENTAS', numero: fecha(hoyLima()) });
  if (filtros.descripcion)
    doc.font(FONT).fontSize(layout.font).fillColor(GRAY).text(`Filtros: ${filtros.descripcion}`, layout.left, doc.y, { width: layout.width });
  doc.moveDown(0.5);

  const scale = layout.width / COLS.reduce((a, c) => a + c.width, 0);
  const xs: number[] = [];
  COLS.reduce((x, c) => (xs.push(x), x + c.width * scale), layout.left);
  const drawCells = (cells: string[], font: string) => {
    const y = doc.y;
    doc.font(font).fontSize(SIZE).fillColor('black');
    // No `width` option: pdfkit then writes the string as is, without its line wrapper (and faster).
    cells.forEach((cell, i) => {
      const avail = COLS[i].width * scale - 4;
      const { text, width } = fit(doc, cell, avail);
      doc.text(text, COLS[i].align === 'right' ? xs[i] + 2 + avail - width : xs[i] + 2, y + 2, { lineBreak: false });
    });
    doc.y = y + ROW;
  };
  const drawTitles = () => {
    doc.rect(layout.left, doc.y, layout.width, ROW).fillColor('#e8e8e8').fill();
    drawCells(
      COLS.map((c) => c.titulo),
      BOLD,
    );
  };
  drawTitles();

  let count = 0;
  const totales = new Map<string, { op: InstanceType<typeof D>; igv: InstanceType<typeof D>; total: InstanceType<typeof D> }>();
  for await (const bloque of bloques) {
    for (const v of bloque) {
      if (doc.y + ROW > doc.page.maxY()) {
        doc.addPage();
        drawTitles();
      }
      drawCells(
        [
          fecha(v.fecha_emision),
          `${v.serie}-${v.numero}`,
          v.cliente_documento,
          v.cliente_datos,
          v.tipo_moneda,
          money(v.op_gravadas),
          money(v.igv),
          money(v.total),
          estadoSunatVenta(v.estado, v.estado_sunat),
        ],
        FONT,
      );
      // Annulled sales are listed but left out of the totals.
      if (v.estado !== VENTA_ANULADA) {
        const t = totales.get(v.tipo_moneda) ?? { op: new D(0), igv: new D(0), total: new D(0) };
        totales.set(v.tipo_moneda, { op: t.op.plus(v.op_gravadas), igv: t.igv.plus(v.igv), total: t.total.plus(v.total) });
      }
      count++;
    }
    await drained(out);
  }
  if (doc.y + ROW * (2 + totales.size) > doc.page.maxY()) doc.addPage();
  doc.moveTo(layout.left, doc.y).lineTo(layout.right, doc.y).lineWidth(0.5).strokeColor(LINE).stroke();
  doc.y += 2;
  drawCells(['', '', '', `${count} comprobantes`, '', '', '', '', ''], BOLD);
  for (const [moneda, t] of totales)
    drawCells(['Total', '', '', '(sin anulados)', moneda, money(t.op.toString()), money(t.igv.toString()), money(t.total.toString()), ''], BOLD);
  doc.end();
  await finished;
  return count;
}
