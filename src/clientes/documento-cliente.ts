import { invalidField } from '@/common/errors/http-errors';
import { isValidDni, isValidRuc } from '@/common/validators/documento';

/** Catálogo 06: 0 no domiciliado sin RUC, 1 DNI, 4 carnet de extranjería, 6 RUC, 7 pasaporte, A-G (issue 17). */
export const TIPOS_DOC_CLIENTE = ['0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

/** Without tipo_doc the length decides: 8 digits is a DNI, 11 a RUC; anything else must say what it is. */
export function tipoDocDe(documento: string): string | null {
  if (/^\d{8}$/.test(documento)) return '1';
  if (/^\d{11}$/.test(documento)) return '6';
  return null;
}

/** The reason `documento` is not a valid document of type `tipo`, or null when it is. */
export function errorDocumento(tipo: string, documento: string): string | null {
  switch (tipo) {
    case '1':
      return isValidDni(documento) ? null : 'El DNI debe tener 8 dígitos.';
    case '6':
      return isValidRuc(documento) ? null : 'El RUC no es válido (11 dígitos y dígito verificador).';
    case '4':
    case '7':
      return /^[A-Za-z0-9]{1,12}$/.test(documento) ? null : 'El documento debe tener hasta 12 letras o dígitos.';
    default:
      return /^[A-Za-z0-9-]{1,15}$/.test(documento) ? null : 'El documento debe tener hasta 15 letras, dígitos o guiones.';
  }
}

/** The resolved tipo_doc for `documento`; a 422 on `campo` when the pair is not valid. */
export function tipoDocValido(documento: string, tipo: string | null | undefined, campo: string): string {
  const resolved = tipo ?? tipoDocDe(documento);
  if (!resolved) throw invalidField(campo, 'Indique tipo_doc: el documento no es un DNI (8 dígitos) ni un RUC (11 dígitos).');
  const error = errorDocumento(resolved, documento);
  if (error) throw invalidField(campo, error);
  return resolved;
}
