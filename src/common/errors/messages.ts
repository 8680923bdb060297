/** Exact texts from SPEC.md and API.md, kept in one place. */
export const MSG = {
  noAutenticado: 'No autenticado',
  sinPermiso: 'No tienes permiso para realizar esta acción',
  credencialesIncorrectas: 'Credenciales incorrectas',
  usuarioInactivo: 'Usuario inactivo',
  demasiadosIntentos: 'Demasiados intentos fallidos. Intente nuevamente más tarde.',
  datosInvalidos: 'Los datos enviados no son válidos.',
  errorInterno: 'Error interno del servidor.',
  cuerpoDemasiadoGrande: 'El cuerpo de la solicitud supera el tamaño máximo (5 MB).',
  /** 'Venta no encontrada.', 'Cliente no encontrado.': the participle agrees with the noun's first word. */
  noEncontrado: (recurso: string) => `${recurso} no ${/(a|ión)$/i.test(recurso.split(' ')[0]) ? 'encontrada' : 'encontrado'}.`,
} as const;

/** A sentence ending in one period: a name that already ends with one ('EMPRESA S.A.C.') gets no second. */
export const frase = (texto: string): string => (/[.!?…]$/.test(texto) ? texto : `${texto}.`);

/** Texts of document sends (SPEC.md and API.md). */
export const SEND_MSG = {
  xmlNoEncontrado: 'XML no encontrado. Genere el XML primero.',
  yaAceptado: 'El documento ya fue aceptado por SUNAT.',
  sinComunicacion: (detail: string) => `No se pudo comunicar con SUNAT: ${detail}`,
} as const;
