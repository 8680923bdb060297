import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ValidarController } from './validar.controller';

export const VALIDAR_DOCS: DocsDe<ValidarController> = {
  validar: {
    summary: 'Validar con las reglas de SUNAT un XML UBL hecho en otro sistema',
    description:
      '`tipo`: 01, 03, 07, 08, 09, RC o RA. El XML en el campo `archivo` (multipart, selector de archivo) o como cuerpo `application/xml` ' +
      '(opcional `?nombre=` con el nombre del archivo); 2 MB como máximo (413), sin DTD. Devuelve todos los hallazgos: errores (< 4000) y observaciones. ' +
      'Se valida aparte de la emisión: 503 (con `Retry-After`) si hay demasiadas validaciones en curso, 429 (con `Retry-After`) si el usuario ' +
      'superó su cuota de validaciones, 422 si el documento supera el tiempo máximo de validación.',
    params: { tipo: '01' },
    multipart: { properties: { archivo: { type: 'string', format: 'binary', description: 'XML UBL 2.1 (o GRE 2022)' } }, required: ['archivo'] },
    respuesta: {
      status: 200,
      example: {
        success: true,
        valido: false,
        errores: [{ codigo: '2017', mensaje: 'El numero de documento de identidad del receptor debe ser RUC', ubicacion: 'cac:AccountingCustomerParty' }],
        observaciones: [],
      },
    },
  },
};
