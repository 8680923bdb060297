import { Dec, dec, fixed, sum } from '@/common/money';

/** SPEC.md "Limits": quotation totals divide by 1.18 (fixed; not the company's igv setting). */
export const DIVISOR_IGV = '1.18';

export interface LineaPrecio {
  cantidad: number;
  precio_unitario: number;
  precio_especial?: number | null;
}

export interface LineaCalculada {
  /** Price applied: precio_especial when given (not null), else precio_unitario. */
  precio: string;
  /** round(precio x cantidad, 2). */
  importe: string;
}

export interface Totales {
  lineas: LineaCalculada[];
  monto_bruto: string;
  descuento: string;
  subtotal: string;
  igv: string;
  total: string;
}

export class DescuentoExcesivo extends Error {
  constructor(readonly montoBruto: string) {
    super(`El descuento no puede ser mayor que el monto bruto (${montoBruto}).`);
  }
}

/**
 * SPEC.md "Totals" (prices include IGV). Each line amount is rounded to cents and montoBruto is their
 * sum, so the printed lines add up to the printed total. The subtotal is rounded half-up and igv is
 * total minus that rounded subtotal, so subtotal + igv always equals total.
 */
export function calcularTotales(lineas: LineaPrecio[], descuento: number | undefined, aplicarIgv: boolean): Totales {
  const calculadas = lineas.map((l) => {
    const precio = dec(l.precio_especial ?? l.precio_unitario);
    return { precio: fixed(precio), importe: fixed(precio.times(l.cantidad)) };
  });
  const montoBruto = sum(calculadas.map((l) => l.importe));
  const desc = dec(descuento ?? 0);
  if (desc.greaterThan(montoBruto)) throw new DescuentoExcesivo(fixed(montoBruto));
  const total: Dec = montoBruto.minus(desc);
  const subtotal = aplicarIgv ? dec(fixed(total.div(DIVISOR_IGV))) : total;
  return {
    lineas: calculadas,
    monto_bruto: fixed(montoBruto),
    descuento: fixed(desc),
    subtotal: fixed(subtotal),
    igv: fixed(total.minus(subtotal)),
    total: fixed(total),
  };
}
