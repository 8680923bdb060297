/** What a batch's `mensaje` says while it is settled without a ticket answer (docs/API.md "No lost tickets"). */
export const MSG_LOTE = {
  respuestaPerdida: (archivo: string, detalle: string) =>
    `Sin respuesta de SUNAT al envío de ${archivo} (${detalle}). El lote queda pendiente: se reenviará el mismo archivo.`,
  yaPresentado: (archivo: string, codigo: string, detalle: string) =>
    `SUNAT ya recibió ${archivo} (${codigo} - ${detalle}): registrado sin ticket, se confirma con la consulta de validez de cada comprobante.`,
  sinTicket: (confirmados: number, total: number, falla: string | null) =>
    `Registrado por SUNAT sin ticket: ${confirmados} de ${total} comprobante(s) confirmados por la consulta de validez` +
    (falla ? `; consulta fallida (${falla})` : '') +
    '; se vuelve a consultar.',
  aceptadoPorValidez: (total: number) => `Aceptado según la consulta de validez de SUNAT (${total} comprobante(s)).`,
  noRegistrado: (total: number) =>
    `SUNAT no registró ninguno de los ${total} comprobante(s) del archivo tras las consultas de validez automáticas: se da por rechazado.`,
  /** Closes the 502 of a send whose batch stays pending: repeating it would only meet the 409 of the held documents. */
  noRepetir: 'No repita el envío: el lote se resolverá solo con SUNAT.',
  agotado: 'Sin resolver tras los intentos automáticos; se retoma al reiniciar el servicio.',
} as const;
