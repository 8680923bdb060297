/** Texts of SPEC.md "Dispatch guides" (authority = SUNAT, API.md) and of the decisions around them. */
export const GUIA_MSG = {
  enviada: 'Guía enviada. Use el ticket para consultar el estado.',
  rechazoEnvio: (body: string) => `SUNAT rechazó la guía: ${body || 'Sin respuesta'}`,
  sinTicket: 'No hay ticket para consultar.',
  aceptada: 'Guía aceptada por SUNAT.',
  enProceso: 'En proceso. Intente nuevamente en unos segundos.',
  errorDesconocido: 'Error desconocido',
  yaEnviada: 'La guía ya fue enviada a SUNAT. Use el ticket para consultar el estado.',
  enviando: 'La guía se está enviando a SUNAT; intente nuevamente en unos segundos.',
  yaRechazada: 'SUNAT rechazó esta guía. Emita una nueva guía con los datos corregidos.',
  noEncontrada: 'Guía de remisión no encontrada.',
  cdrNoEncontrado: 'CDR no encontrado. Consulte el ticket de la guía primero.',
  xmlNoEncontrado: 'XML no encontrado.',
  oauth: (code: string, message: string) =>
    `SUNAT no aceptó las credenciales de la API GRE (${code}: ${message}). Revise el client_id, el client_secret y el usuario SOL.`,
  sinCredencialesGre: 'faltan el client_id y el client_secret de la API GRE en la configuración.',
} as const;
