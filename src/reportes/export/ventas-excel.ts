import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { drained } from './backpressure';
import { celdaTexto } from './celda-texto';
import { VentaExportada } from '@/ventas/venta-bloques';
import { estadoSunatVenta } from '../pdf/renderers/venta.renderer';

const TIPO: Record<string, string> = { '01': 'FACTURA', '03': 'BOLETA' };

export const COLUMNAS_EXCEL = [
  { header: 'Fecha', key: 'fecha', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
  { header: 'Tipo', key: 'tipo', width: 10 },
  { header: 'Serie', key: 'serie', width: 7 },
  { header: 'Número', key: 'numero', width: 9 },
  { header: 'Tipo doc.', key: 'tipo_doc', width: 9 },
  { header: 'Documento', key: 'documento', width: 14 },
  { header: 'Cliente', key: 'cliente', width: 40 },
  { header: 'Moneda', key: 'moneda', width: 8 },
  { header: 'Op. gravadas', key: 'op_gravadas', width: 13, style: { numFmt: '#,##0.00' } },
  { header: 'Op. exoneradas', key: 'op_exoneradas', width: 13, style: { numFmt: '#,##0.00' } },
  { header: 'Op. inafectas', key: 'op_inafectas', width: 13, style: { numFmt: '#,##0.00' } },
  { header: 'IGV', key: 'igv', width: 12, style: { numFmt: '#,##0.00' } },
  { header: 'Total', key: 'total', width: 13, style: { numFmt: '#,##0.00' } },
  { header: 'Estado SUNAT', key: 'estado_sunat', width: 18 },
  // Issue 18: payment conditions (detracción and percepción in PEN, the others in the sale's currency).
  { header: 'Forma de pago', key: 'forma_pago', width: 10 },
  { header: 'Detracción (S/)', key: 'monto_detraccion', width: 13, style: { numFmt: '#,##0.00' } },
  { header: 'Percepción (S/)', key: 'monto_percepcion', width: 13, style: { numFmt: '#,##0.00' } },
  { header: 'Retención', key: 'monto_retencion', width: 12, style: { numFmt: '#,##0.00' } },
  { header: 'Neto pendiente', key: 'monto_neto_pendiente', width: 14, style: { numFmt: '#,##0.00' } },
] as const;

/**
 * Writes the sales as .xlsx to `out` with exceljs's streaming WorkbookWriter: each row is committed
 * (serialised into the zip stream) as soon as it is added, inline strings (no shared-string table
 * kept in memory), and the next block is read only when the response has drained.
 */
export async function writeVentasExcel(bloques: AsyncIterable<VentaExportada[]>, out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'facturacion-sunat';
  const sheet = workbook.addWorksheet('Ventas', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNAS_EXCEL.map((c) => ({ ...c, style: 'style' in c ? { ...c.style } : undefined }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const bloque of bloques) {
    for (const v of bloque) {
      sheet
        .addRow({
          fecha: new Date(`${v.fecha_emision}T00:00:00Z`),
          tipo: TIPO[v.tipo_documento] ?? v.tipo_documento,
          serie: celdaTexto(v.serie),
          numero: v.numero,
          tipo_doc: celdaTexto(v.cliente_tipo_doc),
          documento: celdaTexto(v.cliente_documento),
          cliente: celdaTexto(v.cliente_datos),
          moneda: v.tipo_moneda,
          op_gravadas: Number(v.op_gravadas),
          op_exoneradas: Number(v.op_exoneradas),
          op_inafectas: Number(v.op_inafectas),
          igv: Number(v.igv),
          total: Number(v.total),
          estado_sunat: estadoSunatVenta(v.estado, v.estado_sunat),
          forma_pago: v.forma_pago,
          monto_detraccion: Number(v.monto_detraccion),
          monto_percepcion: Number(v.monto_percepcion),
          monto_retencion: Number(v.monto_retencion),
          monto_neto_pendiente: Number(v.monto_neto_pendiente),
        })
        .commit();
      count++;
    }
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
