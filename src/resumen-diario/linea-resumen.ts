import { createHash } from 'node:crypto';
import type { EstadoLinea } from '@/common/estados';
import { LINEA_ADICION, LINEA_MODIFICACION } from '@/common/estados';
import type { Moneda, TipoDocIdentidad } from '@/sunat/documents/common';
import type { SummaryLine, SummaryPerception } from '@/sunat/documents/summary';
import type { VentaView } from '@/ventas/dto/venta-view';

const dos = (value: number): string => value.toFixed(2);

/**
 * One RC line from the boleta's stored amounts (never rebuilt from its total): value per affectation, IGV, ISC,
 * ICBPER and IVAP as the boleta's own XML states them, and the client's stored catálogo 06 type and number.
 * IVAP's base goes with the gravadas (SUNAT's 4027 adds gravadas + IVAP); free lines go as 05, outside the total.
 */
export function lineaResumen(venta: VentaView, estado: EstadoLinea, porcentajeIgv: string): SummaryLine {
  return {
    estado,
    tipo_doc: '03',
    numero: `${venta.serie}-${venta.numero}`,
    cliente: clienteResumen(venta),
    moneda: venta.tipo_moneda as Moneda,
    total: dos(venta.total),
    gravadas: dos(venta.op_gravadas + venta.op_ivap),
    exoneradas: dos(venta.op_exoneradas),
    inafectas: dos(venta.op_inafectas),
    exportacion: dos(venta.op_exportacion),
    gratuitas: dos(venta.op_gratuitas),
    igv: dos(venta.igv),
    porcentaje_igv: porcentajeIgv,
    isc: dos(venta.isc),
    icbper: dos(venta.icbper),
    ivap: dos(venta.ivap),
    percepcion: estado === LINEA_MODIFICACION ? undefined : percepcionResumen(venta),
  };
}

/**
 * Fingerprint of what an RC line reports of the boleta (client, currency, amounts, percepción), whatever its line
 * status and the company's current IGV percentage: equal fingerprints mean SUNAT would be told nothing new.
 */
export function huellaLinea(venta: VentaView): string {
  const { estado: _estado, porcentaje_igv: _porcentaje, ...contenido } = lineaResumen(venta, LINEA_ADICION, '');
  return createHash('sha256').update(JSON.stringify(contenido)).digest('hex');
}

/** Catálogo 53 régimen of the sale (51, 52, 53) → catálogo 22 code of the summary (01, 02, 03). */
const REGIMEN_22: Record<string, SummaryPerception['regimen']> = { '51': '01', '52': '02', '53': '03' };

/**
 * The sale's percepción, in PEN (SUNAT 2685, 2690). SUNAT takes it on additions and annulments of boletas only
 * (2986 refuses it on a modification, line status '2'). Sales carry it on facturas only today (issue 18), so
 * no RC line has one yet; this keeps the summary right when boletas may carry it.
 */
function percepcionResumen(venta: VentaView): SummaryPerception | undefined {
  const p = venta.percepcion;
  const regimen = p ? REGIMEN_22[p.codigo_regimen] : undefined;
  if (!p || !regimen) return undefined;
  return { regimen, porcentaje: dos(p.porcentaje), base: dos(p.base), monto: dos(p.monto), total_cobrado: dos(p.total) };
}

/** The client's stored type and number; a client without a number goes as SUNAT's '00000000'. */
function clienteResumen(venta: VentaView): { tipo_doc: TipoDocIdentidad; numero: string } {
  const numero = (venta.cliente.documento ?? '').trim();
  return { tipo_doc: (venta.cliente.tipo_doc || '0') as TipoDocIdentidad, numero: numero || '00000000' };
}
