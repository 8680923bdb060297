import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { esCodigo, NumeroCatalogo, tituloCatalogo } from '../catalogos-data';

/** The value is a code of SUNAT catalogue `numero` (exact match; put a trim/upper-case Transform before it). */
export function IsCodigoCatalogo(numero: NumeroCatalogo, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isCodigoCatalogo',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [numero],
      options: {
        message: (args: ValidationArguments) => `${args.property} debe ser un código del catálogo ${numero} de SUNAT (${tituloCatalogo(numero).toLowerCase()})`,
        ...options,
      },
      validator: { validate: (value: unknown) => esCodigo(numero, value) },
    });
}

/** A unit of measure of catálogo 03 (NIU, ZZ, KGM...): SUNAT rejects any other code (error 2936). */
export const IsUnidadMedida = (options?: ValidationOptions) =>
  IsCodigoCatalogo('03', { message: '$property debe ser una unidad de medida del catálogo 03 de SUNAT (NIU, ZZ, KGM, BX...)', ...options });
