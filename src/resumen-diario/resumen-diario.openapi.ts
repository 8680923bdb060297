import { hoyLima } from '@/common/fecha';
import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ResumenDiarioController } from './resumen-diario.controller';
import { DOC_ENVIOS_OCUPADOS } from '@/sunat/nest/envio-sunat.interceptor';

/** The boleta of `POST /api/ventas`'s second example is sale 2 on a fresh installation. */
export const RESUMEN_DIARIO_DOCS: DocsDe<ResumenDiarioController> = {
  enviar: {
    summary: 'Enviar el resumen diario de boletas',
    description:
      'Boletas de `fecha_resumen` emitidas hace 7 días o menos; devuelve el ticket y las boletas quedan con estado_sunat 3. ' +
      'Más de 500 boletas (hasta 5000) van en varios resúmenes de 500: `tickets` lista cada uno (ticket, nombre_archivo, cantidad). ' +
      'Una boleta ya aceptada por SUNAT sin cambios no se vuelve a informar (va en `advertencias`); si cambió, va como modificación.' +
      DOC_ENVIOS_OCUPADOS,
    body: { ids: [2], fecha_resumen: hoyLima() },
  },
  anular: {
    summary: 'Anular boletas aceptadas (resumen con estado 3)',
    description: 'Solo boletas con estado_sunat 1 (aceptadas tras consultar el ticket del resumen).' + DOC_ENVIOS_OCUPADOS,
    body: { ids: [2], fecha_resumen: hoyLima() },
  },
  consultar: {
    summary: 'Consultar el ticket de un resumen diario o de una baja',
    description: 'Use el `ticket` que devolvió el envío. 0 → aceptado; 98 → en proceso; otro → rechazado.' + DOC_ENVIOS_OCUPADOS,
    body: { ticket: '1732752000001' },
  },
  xml: {
    summary: 'Ver el XML de un resumen diario',
    description: 'El `nombre_archivo` que devolvió el envío (con o sin `.xml`); solo resúmenes de la empresa activa.',
    params: { nombre: '20000000001-RC-20250115-001.xml' },
    respuesta: { archivo: 'application/xml' },
  },
  cdr: {
    summary: 'Descargar el CDR de un resumen diario',
    description: 'La constancia del ticket (R-ticket-{ticket}.zip), cuando SUNAT ya dio la respuesta final.',
    params: { nombre: '20000000001-RC-20250115-001.xml' },
    respuesta: { archivo: 'application/zip' },
  },
};
