import { invalidField } from '@/common/errors/http-errors';
import { diasDesde, hoyLima } from '@/common/fecha';
import { D } from '@/common/money';
import { DIAS_ATRAS_EMISION } from '@/common/plazos';
import { FACTURA } from './tipos-documento';
import { TOTAL_MAXIMO, TotalesVenta } from './venta-totales';

/** The issue date: today in Lima by default; never in the future, never past the sending deadline. */
export function fechaEmision(tipo: string, fecha: string | undefined, now = new Date()): string {
  const valor = fecha ?? hoyLima(now);
  const dias = diasDesde(valor, now);
  if (dias < 0) throw invalidField('fecha_emision', 'La fecha de emisión no puede ser futura.');
  const limite = tipo === FACTURA ? DIAS_ATRAS_EMISION.factura : DIAS_ATRAS_EMISION.boleta;
  if (dias > limite) {
    throw invalidField('fecha_emision', `La fecha de emisión no puede tener más de ${limite} días de antigüedad para este tipo de documento.`);
  }
  return valor;
}

/** Exports (0200-0208) carry export lines only (SUNAT's rule 2642). */
export function assertLineasDeOperacion(tipoOperacion: string, lineas: ReadonlyArray<{ tipo_afectacion_igv: string }>): void {
  if (!/^020[0-8]$/.test(tipoOperacion)) return;
  lineas.forEach((l, i) => {
    if (l.tipo_afectacion_igv !== '40') {
      throw invalidField(
        `productos.${i}.tipo_afectacion_igv`,
        'Una exportación (tipo_operacion 0200-0208) lleva solo líneas de exportación (tipo_afectacion_igv 40).',
      );
    }
  });
}

export function assertTotalAdmisible(totales: TotalesVenta): void {
  if (new D(totales.total).gt(TOTAL_MAXIMO)) throw invalidField('productos', 'El total de la venta excede el máximo permitido.');
}
