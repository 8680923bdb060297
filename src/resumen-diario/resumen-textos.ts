/** The daily summary's answers and the mensaje_sunat of its boletas, per request kind (report or annulment). */
export const TEXTOS = {
  informar: {
    error: 'Error al enviar resumen diario',
    ninguna: 'Ninguna boleta pasó la validación.',
    enviado: 'Resumen diario enviado. Use el ticket para consultar el estado.',
    ticket: (t: string) => `Resumen diario enviado. Ticket: ${t}`,
  },
  anular: {
    error: 'Error al enviar anulación',
    ninguna: 'Ningún documento pasó la validación para anulación.',
    enviado: 'Anulación enviada en el resumen diario. Use el ticket para consultar el estado.',
    ticket: (t: string) => `Anulación enviada en resumen diario. Ticket: ${t}`,
  },
} as const;

/** Why a boleta is left out of a summary because of what SUNAT already holds (advertencias '<numero>: <motivo>'). */
export const MOTIVO_SUNAT = {
  yaAceptada: (archivo: string | null) =>
    `ya fue aceptada por SUNAT${archivo ? ` en el resumen ${archivo}` : ''} y no cambió desde entonces: no se vuelve a informar.`,
  yaAnulada: (archivo: string) => `ya fue anulada en SUNAT con el resumen ${archivo}.`,
  noAceptada: (estadoSunat: string) => `no está aceptada por SUNAT (estado_sunat ${estadoSunat}).`,
} as const;
