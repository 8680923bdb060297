import { invalidField } from '@/common/errors/http-errors';

/** A credited sale line: `cantidad` returned (reason 07) or `monto` with taxes discounted (reason 05). */
export interface ItemCreditoInput {
  id_detalle: number;
  cantidad?: number;
  monto?: number;
}

/** A debited line, priced as a sale line (with IGV unless the sale's prices exclude it). */
export interface ItemDebitoInput {
  descripcion: string;
  cantidad: number;
  precio_unitario: number;
  tipo_afectacion_igv?: string;
  unidad_medida?: string;
}

/** SUNAT 3230: lines with IVAP (17) go only in notes of reason 12. */
export const MSG_IVAP_12 = 'Las líneas IVAP (tipo_afectacion_igv 17) van solo en notas del motivo 12 (Ajustes afectos al IVAP).';

/** What a credit note credits: the whole sale (SPEC), returned units, an amount per item or over the sale, or new instalments. */
export type AlcanceCredito = 'total' | 'devolucion' | 'descuento_item' | 'monto' | 'cuotas';

/**
 * Catálogo 09, what each reason accepts. A body without items, monto or cuotas is SPEC.md's whole-sale note
 * (reasons 01-10, as SPEC lists them); 11-13 are SUNAT's newer reasons and always partial.
 */
const CREDITO: Readonly<Record<string, readonly AlcanceCredito[]>> = {
  '01': ['total'],
  '02': ['total'],
  '03': ['total'],
  '04': ['total', 'monto'],
  '05': ['total', 'descuento_item'],
  '06': ['total'],
  '07': ['total', 'devolucion'],
  '08': ['total', 'monto'],
  '09': ['total', 'monto'],
  '10': ['total', 'monto'],
  '11': ['monto'],
  // SUNAT 3230: a credit note with IVAP (17) lines is always a 12, whatever it credits.
  '12': ['total', 'monto', 'devolucion', 'descuento_item'],
  '13': ['cuotas'],
};

interface CuerpoCredito {
  items?: unknown[];
  monto?: number;
  cuotas?: unknown[];
}

/** The body's shape checked against the reason; 422 on the field that does not fit. */
export function alcanceCredito(codigo: string, body: CuerpoCredito): AlcanceCredito {
  const acepta = CREDITO[codigo] ?? ['total'];
  const dados = (['items', 'monto', 'cuotas'] as const).filter((f) => body[f] !== undefined && body[f] !== null);
  if (dados.length > 1) throw invalidField(dados[1], `Envíe solo uno de items, monto o cuotas.`);
  const campo = dados[0];
  if (!campo) {
    if (acepta.includes('total')) return 'total';
    throw invalidField(acepta[0] === 'cuotas' ? 'cuotas' : 'monto', `El motivo ${codigo} requiere ${acepta[0] === 'cuotas' ? 'cuotas' : 'monto'}.`);
  }
  if (campo === 'items') {
    const porItem = acepta.filter((a) => a === 'devolucion' || a === 'descuento_item');
    const primero = (body.items as ItemCreditoInput[])[0];
    const alcance = porItem.length > 1 ? (primero?.cantidad !== undefined ? 'devolucion' : 'descuento_item') : porItem[0];
    if (!alcance) throw invalidField('items', `El motivo ${codigo} no admite items (devolución por ítem: 07; descuento por ítem: 05).`);
    (body.items as ItemCreditoInput[]).forEach((item, i) => {
      if (alcance === 'devolucion') {
        if (item.monto !== undefined) throw invalidField(`items.${i}.monto`, 'Una devolución por ítem (07) indica la cantidad devuelta, no un monto.');
        if (item.cantidad === undefined) throw invalidField(`items.${i}.cantidad`, 'Indique la cantidad devuelta.');
      } else {
        if (item.cantidad !== undefined) throw invalidField(`items.${i}.cantidad`, 'Un descuento por ítem (05) indica el monto, no una cantidad.');
        if (item.monto === undefined) throw invalidField(`items.${i}.monto`, 'Indique el monto del descuento (con impuestos).');
      }
    });
    return alcance;
  }
  if (campo === 'monto') {
    if (!acepta.includes('monto')) throw invalidField('monto', `El motivo ${codigo} no admite monto.`);
    return 'monto';
  }
  if (!acepta.includes('cuotas')) throw invalidField('cuotas', `Solo el motivo 13 lleva cuotas.`);
  return 'cuotas';
}

interface CuerpoDebito {
  items?: ItemDebitoInput[];
  monto_total?: number;
}

/** Catálogo 10: every reason takes `monto_total` (SPEC) or `items`; 11 debits export lines (40), 12 IVAP lines (17). */
export function alcanceDebito(codigo: string, body: CuerpoDebito): 'monto_total' | 'items' {
  const hayItems = body.items !== undefined && body.items !== null;
  const hayMonto = body.monto_total !== undefined && body.monto_total !== null;
  if (hayItems && hayMonto) throw invalidField('items', 'Envíe monto_total o items, no ambos.');
  if (!hayItems && !hayMonto) throw invalidField('monto_total', 'Indique monto_total o items.');
  if (!hayItems) return 'monto_total';
  const requerida = codigo === '11' ? '40' : codigo === '12' ? '17' : null;
  body.items!.forEach((item, i) => {
    const afectacion = item.tipo_afectacion_igv ?? '10';
    if (requerida && afectacion !== requerida) {
      throw invalidField(`items.${i}.tipo_afectacion_igv`, `El motivo ${codigo} lleva líneas con tipo_afectacion_igv ${requerida}.`);
    }
    if (afectacion === '17' && codigo !== '12') throw invalidField(`items.${i}.tipo_afectacion_igv`, MSG_IVAP_12);
  });
  return 'items';
}
