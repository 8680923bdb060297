import { registerDecorator, ValidationOptions } from 'class-validator';

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** RUC: 11 digits, a known prefix and SUNAT's modulo-11 check digit. */
export function isValidRuc(ruc: string): boolean {
  if (!/^(10|15|16|17|20)\d{9}$/.test(ruc)) return false;
  const sum = RUC_WEIGHTS.reduce((acc, w, i) => acc + w * Number(ruc[i]), 0);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(ruc[10]);
}

export function isValidDni(dni: string): boolean {
  return /^\d{8}$/.test(dni);
}

export function IsRuc(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isRuc',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} debe ser un RUC válido (11 dígitos y dígito verificador)`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isValidRuc(value) },
    });
}
