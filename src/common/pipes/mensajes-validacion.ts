/**
 * class-validator's default messages are English; clients of this API read Spanish. Each default text is
 * matched here and rewritten; messages a DTO sets itself (already Spanish) are left as they are.
 */
const TRADUCCIONES: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^property (\S+) should not exist$/, (m) => `El campo ${m[1]} no está permitido.`],
  [/^(\S+) should not be empty$/, (m) => `${m[1]} es obligatorio.`],
  [/^(\S+) should not be null or undefined$/, (m) => `${m[1]} es obligatorio.`],
  [/^(\S+) must be a string$/, (m) => `${m[1]} debe ser un texto.`],
  [/^each value in (\S+) must be a string$/, (m) => `cada elemento de ${m[1]} debe ser un texto.`],
  [/^(\S+) must be an integer number$/, (m) => `${m[1]} debe ser un número entero.`],
  [/^each value in (\S+) must be an integer number$/, (m) => `cada elemento de ${m[1]} debe ser un número entero.`],
  [/^(\S+) must be a number conforming to the specified constraints$/, (m) => `${m[1]} debe ser un número válido (revise los decimales).`],
  [/^(\S+) must be a positive number$/, (m) => `${m[1]} debe ser un número positivo.`],
  [/^(\S+) must not be greater than (\S+)$/, (m) => `${m[1]} no debe ser mayor que ${m[2]}.`],
  [/^(\S+) must not be less than (\S+)$/, (m) => minimo(m[1], m[2])],
  [/^each value in (\S+) must not be less than (\S+)$/, (m) => `cada elemento de ${minimo(m[1], m[2])}`],
  [/^(\S+) must be shorter than or equal to (\d+) characters$/, (m) => `${m[1]} no debe superar ${m[2]} caracteres.`],
  [/^(\S+) must be longer than or equal to (\d+) characters$/, (m) => `${m[1]} debe tener al menos ${m[2]} caracteres.`],
  [/^(\S+) must be one of the following values: (.*)$/, (m) => `${m[1]} debe ser uno de: ${m[2]}.`],
  [/^(\S+) must be a boolean value$/, (m) => `${m[1]} debe ser verdadero o falso.`],
  [/^(\S+) must be an email$/, (m) => `${m[1]} debe ser un correo electrónico válido.`],
  [/^(\S+) must be an array$/, (m) => `${m[1]} debe ser una lista.`],
  [/^(\S+) must contain at least (\d+) elements?$/, (m) => `${m[1]} debe tener al menos ${m[2]} elemento(s).`],
  [/^(\S+) must contain no more than (\d+) elements?$/, (m) => `${m[1]} no debe tener más de ${m[2]} elementos.`],
  [/^All (\S+)'s elements must be unique$/, (m) => `${m[1]} no debe repetir elementos.`],
  [/^(\S+) must match .+ regular expression$/, (m) => `${m[1]} no tiene el formato esperado.`],
  [/^(\S+) must be a valid ISO 8601 date string$/, (m) => `${m[1]} debe ser una fecha válida (YYYY-MM-DD).`],
  [/^nested property (\S+) must be either object or array$/, (m) => `${m[1]} debe ser un objeto.`],
  [/^(\S+) must be an object$/, (m) => `${m[1]} debe ser un objeto.`],
  // Nest's ValidationPipe for a body that is an array or a bare value instead of an object.
  [/^Validation failed \(object is expected\)$/, () => 'El cuerpo de la solicitud debe ser un objeto JSON.'],
];

/** The one message of a required field the request leaves out. */
export const mensajeObligatorio = (campo: string) => `${campo} es obligatorio.`;

/**
 * `@Min(0.0000000001)` stands for "more than zero" (quantities of up to 10 decimals): JavaScript prints that bound
 * as 1e-10, which no reader should see.
 */
function minimo(campo: string, limite: string): string {
  const n = Number(limite);
  if (n > 0 && n < 0.000001) return `${campo} debe ser mayor que 0.`;
  return `${campo} no debe ser menor que ${limite}.`;
}

export function traducirMensaje(message: string): string {
  for (const [pattern, text] of TRADUCCIONES) {
    const match = message.match(pattern);
    if (match) return text(match);
  }
  return message;
}
