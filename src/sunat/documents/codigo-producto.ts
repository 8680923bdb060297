/**
 * SPEC's default product code '10000000' is a UNSPSC segment, not a product: it stands for "no code". SUNAT's rules
 * observe 4337 on any line that carries a segment or family, so such lines carry no CommodityClassification at all
 * (the element is optional), on invoices and notes alike.
 */
export const CODIGO_SUNAT_DESCONOCIDO = '10000000';

/** The line's catálogo 25 code when it names one, undefined when it is empty or the "no code" default. */
export function codigoSunatConocido(codigo: string | null | undefined): string | undefined {
  const limpio = codigo?.trim();
  return limpio && limpio !== CODIGO_SUNAT_DESCONOCIDO ? limpio : undefined;
}
