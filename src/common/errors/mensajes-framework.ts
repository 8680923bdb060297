import { HttpStatus } from '@nestjs/common';
import { MSG } from './messages';

/**
 * Nest, Express, multer and body-parser answer in English ('Cannot GET /api/x', 'Validation failed (numeric string
 * is expected)', 'File too large', 'Unexpected end of JSON input'). Our own errors always carry the envelope
 * `{success:false, ...}`; anything else came from the framework and is answered here, in Spanish, in the same
 * envelope. An unknown framework text is never passed on: it gets the status' generic message.
 */

/** What the filter needs of the request. */
export interface SolicitudVista {
  method: string;
  path: string;
  params?: Record<string, string | string[] | undefined>;
}

export interface Respuesta {
  status: number;
  body: { success: false; message: string; errors?: Record<string, string[]> };
}

export const MSG_FRAMEWORK = {
  rutaNoEncontrada: (method: string, path: string) => `Ruta no encontrada: ${method} ${path}.`,
  jsonInvalido: 'El cuerpo de la solicitud no es un JSON válido.',
  codificacionNoAdmitida: 'La codificación del cuerpo no se admite; envíelo en UTF-8.',
  tipoNoAdmitido: (tipos: string[]) => `El cuerpo de la solicitud debe enviarse como ${tipos.join(' o ')} (cabecera Content-Type).`,
  parametroEntero: (nombre: string) => `${nombre} debe ser un número entero.`,
  rutaMalCodificada: 'La ruta contiene caracteres mal codificados.',
  archivoDemasiadoGrande: 'El archivo supera el tamaño máximo permitido.',
  solicitudInvalida: 'La solicitud no es válida.',
} as const;

/** multer's and busboy's texts (as Nest raises them) in Spanish. */
const MULTIPART: Record<string, string> = {
  'Too many parts': 'El formulario tiene demasiadas partes.',
  'Too many files': 'El formulario trae más archivos de los admitidos.',
  'Field name too long': 'Un nombre de campo del formulario es demasiado largo.',
  'Field value too long': 'Un valor del formulario es demasiado largo.',
  'Too many fields': 'El formulario tiene demasiados campos.',
  'Unexpected field': 'El formulario trae un archivo en un campo no esperado.',
  'Unexpected file field': 'El formulario trae un archivo en un campo no esperado.',
  'Field name missing': 'Una parte del formulario no tiene nombre de campo.',
  'Field name nesting too deep': 'Un nombre de campo del formulario anida demasiados niveles.',
  'Field name array index too large': 'Un índice de lista del formulario es demasiado grande.',
  'Invalid field name': 'Un nombre de campo del formulario no es válido.',
  'Multipart: Boundary not found': 'El formulario multipart no declara su separador (boundary).',
  'Malformed part header': 'El formulario multipart está mal formado.',
  'Unexpected end of form': 'El formulario multipart está incompleto.',
  'Unexpected end of file': 'El formulario multipart está incompleto.',
};

/** Generic texts by status, for whatever the framework says that is not listed above. */
const POR_ESTADO: Partial<Record<number, string>> = {
  [HttpStatus.NOT_FOUND]: 'Recurso no encontrado.',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'Método no permitido.',
  [HttpStatus.NOT_ACCEPTABLE]: 'No se puede responder en el formato pedido.',
  [HttpStatus.REQUEST_TIMEOUT]: 'La solicitud tardó demasiado.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: MSG.cuerpoDemasiadoGrande,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'El tipo de contenido del cuerpo no se admite.',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Demasiadas solicitudes. Intente nuevamente más tarde.',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'El servicio no está disponible. Intente nuevamente más tarde.',
};

const invalido = (errors: Record<string, string[]>): Respuesta => ({
  status: HttpStatus.UNPROCESSABLE_ENTITY,
  body: { success: false, message: MSG.datosInvalidos, errors },
});

/** A 400 of the framework: bad input, so API.md's 422 naming what is wrong. */
function solicitudIncorrecta(texto: string, req: SolicitudVista): Respuesta {
  if (/^Validation failed \(numeric string is expected\)$/.test(texto)) {
    // ParseIntPipe does not say which parameter: the one of the path that is not an integer.
    const nombres = Object.entries(req.params ?? {})
      .filter(([, valor]) => typeof valor !== 'string' || !/^-?\d+$/.test(valor))
      .map(([nombre]) => nombre);
    if (nombres.length) return invalido(Object.fromEntries(nombres.map((n) => [n, [MSG_FRAMEWORK.parametroEntero(n)]])));
    return invalido({ request: ['Un parámetro debe ser un número entero.'] });
  }
  if (/^Failed to decode param|^URI malformed/.test(texto)) return invalido({ request: [MSG_FRAMEWORK.rutaMalCodificada] });
  // multer's texts come as '<text> - <field>' when it knows the field; busboy's as 'Multipart: <text>'.
  const [, multipart, campo] = /^(?:Multipart: )?(.*?)(?: - ([\w.[\]-]+))?$/.exec(texto) ?? [];
  if (multipart && MULTIPART[multipart]) return invalido({ [campo ?? 'request']: [MULTIPART[multipart]] });
  return invalido({ request: [MSG_FRAMEWORK.solicitudInvalida] });
}

/** The answer to an HttpException the framework raised (status and its own English text). */
export function respuestaDeFramework(status: number, texto: string, req: SolicitudVista): Respuesta {
  if (status === HttpStatus.BAD_REQUEST) return solicitudIncorrecta(texto, req);
  if (status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(texto)) {
    return { status, body: { success: false, message: MSG_FRAMEWORK.rutaNoEncontrada(req.method, req.path) } };
  }
  if (status === HttpStatus.PAYLOAD_TOO_LARGE && texto === 'File too large') {
    return { status, body: { success: false, message: MSG_FRAMEWORK.archivoDemasiadoGrande } };
  }
  const message = POR_ESTADO[status] ?? (status >= 500 ? MSG.errorInterno : MSG_FRAMEWORK.solicitudInvalida);
  return { status, body: { success: false, message } };
}
