/**
 * Transfer reasons a guide may carry (SPEC.md's nine codes of SUNAT catálogo 20), worded as SUNAT's
 * catalog words them. A constant, not a table: SUNAT owns the list and it changes only with a release.
 */
export const MOTIVOS_TRASLADO = [
  { codigo: '01', descripcion: 'Venta' },
  { codigo: '02', descripcion: 'Compra' },
  { codigo: '04', descripcion: 'Traslado entre establecimientos de la misma empresa' },
  { codigo: '08', descripcion: 'Importación' },
  { codigo: '09', descripcion: 'Exportación' },
  { codigo: '13', descripcion: 'Otros' },
  { codigo: '14', descripcion: 'Venta sujeta a confirmación del comprador' },
  { codigo: '18', descripcion: 'Traslado emisor itinerante CP' },
  { codigo: '19', descripcion: 'Traslado a zona primaria' },
] as const;

export const CODIGOS_MOTIVO: string[] = MOTIVOS_TRASLADO.map((m) => m.codigo);

export function descripcionMotivo(codigo: string): string | undefined {
  return MOTIVOS_TRASLADO.find((m) => m.codigo === codigo)?.descripcion;
}
