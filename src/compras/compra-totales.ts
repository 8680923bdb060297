import { Amount, dec, fixed, sum } from '@/common/money';

export interface LineaParaTotales {
  cantidad: Amount;
  costo_unitario: Amount;
  /** Product with tipo_afectacion_igv '10': its cost includes IGV. */
  gravada: boolean;
}

export interface TotalesCompra {
  importes: string[];
  subtotal: string;
  igv: string;
  total: string;
}

/**
 * Line amounts are cantidad x costo_unitario rounded to cents; total is their sum. IGV is taken out of
 * the gravada lines only (base = gravado / (1 + rate), rounded), and subtotal = total - igv so the three
 * figures always add up to the cent.
 */
export function totalesCompra(lineas: LineaParaTotales[], rate: Amount): TotalesCompra {
  const importes = lineas.map((l) => fixed(dec(l.cantidad).times(l.costo_unitario)));
  const total = sum(importes);
  const gravado = sum(importes.filter((_, i) => lineas[i].gravada));
  const baseGravada = dec(fixed(gravado.div(dec(1).plus(rate))));
  const igv = gravado.minus(baseGravada);
  return { importes, subtotal: fixed(total.minus(igv)), igv: fixed(igv), total: fixed(total) };
}
