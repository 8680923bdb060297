import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
// Provenance in the file itself: SecLists' 10-million-password-list-top-1000.txt, copied verbatim.
import commonList from './data/common-passwords.json';

/** Rules for every new password (create, change, reset); existing passwords keep working at login. */
export const PASSWORD_MIN_CHARS = 10;
/** bcrypt reads only the first 72 bytes: a longer password would be silently cut. 'ñ' and 'á' take 2. */
export const PASSWORD_MAX_BYTES = 72;

const COMMON = new Set(commonList.passwords.map((p) => p.toLowerCase()));

/**
 * The common list, also with trailing digits and symbols taken off ('Password2024!' is 'password'):
 * appending a year or '123' to a listed password is the first thing a guesser tries.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const base = lower.replace(/[\d\W_]+$/u, '');
  return base.length > 0 && base !== lower && COMMON.has(base);
}

/** The reason `password` is refused, with `field` as the subject of the message, or null when it is fine. */
export function passwordProblem(password: string, field = 'password'): string | null {
  if ([...password].length < PASSWORD_MIN_CHARS) return `${field} debe tener al menos ${PASSWORD_MIN_CHARS} caracteres.`;
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    return `${field} no debe superar ${PASSWORD_MAX_BYTES} bytes (la ñ y las letras con tilde cuentan 2).`;
  }
  if (isCommonPassword(password)) return `${field} es una contraseña demasiado común; elija otra.`;
  return null;
}

/** class-validator rule for a new password; the 422 names the field and the reason. */
export function IsNewPassword(options?: ValidationOptions): PropertyDecorator {
  return (object: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isNewPassword',
      target: object.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && passwordProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) =>
          typeof args?.value === 'string' ? (passwordProblem(args.value, args.property) ?? '') : `${args?.property ?? 'password'} debe ser un texto.`,
      },
    });
  };
}
