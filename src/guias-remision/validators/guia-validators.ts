import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { hoyLima } from '@/common/fecha';
import { isKnownUbigeo } from '../ubigeos/ubigeo-catalog';

/** The parts of the create body the conditional rules look at. */
export interface TransporteFields {
  mod_transporte?: unknown;
  vehiculo_m1l?: unknown;
}

/** SPEC: the carrier is required for public transport ('01'). */
export const needsCarrier = (o: TransporteFields) => o.mod_transporte === '01';
/** SPEC: driver and vehicle are required for private transport ('02') unless the vehicle is M1/L. */
export const needsDriver = (o: TransporteFields) => o.mod_transporte === '02' && o.vehiculo_m1l !== true;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Text required while `condition` holds and optional otherwise, at most `max` characters when given.
 * One decorator for both rules so a missing value reports only "es obligatorio ...", e.g.
 * "transportista_documento es obligatorio cuando mod_transporte es '01'".
 */
export function TextRequiredWhen(condition: (o: any) => boolean, when: string, max: number): PropertyDecorator {
  return (object: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'textRequiredWhen',
      target: object.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          if (isBlank(value)) return !condition(args.object);
          return typeof value === 'string' && value.length <= max;
        },
        defaultMessage: (args: ValidationArguments) => {
          const field = args.property;
          if (isBlank(args.value)) return `${field} es obligatorio ${when}`;
          if (typeof args.value !== 'string') return `${field} debe ser texto`;
          return `${field} debe tener como máximo ${max} caracteres`;
        },
      },
    });
}

/** A district code of the project's ubigeo list (src/guias-remision/data/ubigeos.json). */
export function IsUbigeo(options?: ValidationOptions): PropertyDecorator {
  return (object: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isUbigeo',
      target: object.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} no es un ubigeo válido (código de distrito de 6 dígitos)`, ...options },
      validator: { validate: (value: unknown) => isKnownUbigeo(value) },
    });
}

/**
 * A date (YYYY-MM-DD) not before today in Lima: the guide is issued today and SUNAT rejects a transfer
 * that starts before the issue date (GRE rule 3343).
 */
export function NotBeforeToday(options?: ValidationOptions): PropertyDecorator {
  return (object: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'notBeforeToday',
      target: object.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} no puede ser anterior a la fecha de emisión (hoy)`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && value >= hoyLima() },
    });
}
