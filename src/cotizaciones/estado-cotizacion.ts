/** SPEC.md "Quotation estado". Any value may follow any other (SPEC.md sets no restriction). */
export const ESTADOS_COTIZACION = ['pendiente', 'aprobada', 'rechazada', 'vencida'] as const;
export type EstadoCotizacion = (typeof ESTADOS_COTIZACION)[number];

export const ESTADO_INICIAL: EstadoCotizacion = 'pendiente';
