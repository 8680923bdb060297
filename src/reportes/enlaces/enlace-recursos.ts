/** What a signed download link may name: one file of one record. */
export const TIPOS_ENLACE = [
  'venta-pdf',
  'venta-ticket',
  'venta-xml',
  'venta-cdr',
  'nota-credito-pdf',
  'nota-credito-xml',
  'nota-credito-cdr',
  'nota-debito-pdf',
  'nota-debito-xml',
  'nota-debito-cdr',
  'guia-pdf',
  'cotizacion-pdf',
] as const;
export type TipoEnlace = (typeof TIPOS_ENLACE)[number];

/** The permission of the normal route serving the same file (docs/API.md "Permissions of routes"). */
export const PERMISO_ENLACE: Record<TipoEnlace, string> = {
  'venta-pdf': 'ventas.view',
  'venta-ticket': 'ventas.view',
  'venta-xml': 'ventas.view',
  'venta-cdr': 'ventas.view',
  'nota-credito-pdf': 'ventas.view',
  'nota-credito-xml': 'ventas.view',
  'nota-credito-cdr': 'ventas.view',
  'nota-debito-pdf': 'ventas.view',
  'nota-debito-xml': 'ventas.view',
  'nota-debito-cdr': 'ventas.view',
  'guia-pdf': 'ventas.view',
  'cotizacion-pdf': 'cotizaciones.view',
};

/** A file served through a link: its name is built from stored fields, never from the link. */
export interface ArchivoEnlace {
  nombre: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  data: Buffer;
}
