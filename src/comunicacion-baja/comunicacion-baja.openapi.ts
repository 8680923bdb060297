import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ComunicacionBajaController } from './comunicacion-baja.controller';
import { DOC_ENVIOS_OCUPADOS } from '@/sunat/nest/envio-sunat.interceptor';

export const COMUNICACION_BAJA_DOCS: DocsDe<ComunicacionBajaController> = {
  enviar: {
    summary: 'Enviar una comunicación de baja (facturas y notas)',
    description:
      'Cada documento lleva exactamente uno de `id_venta`, `id_nota_credito`, `id_nota_debito` y su `motivo`. ' +
      'Documentos aceptados por SUNAT, emitidos hace 7 días o menos. Devuelve el ticket.' +
      DOC_ENVIOS_OCUPADOS,
    body: { documentos: [{ id_nota_debito: 1, motivo: 'ERROR EN EMISION' }] },
  },
  consultar: {
    summary: 'Consultar el ticket de una comunicación de baja',
    description: 'Use el `ticket` que devolvió el envío. 0 → aceptado; 98 → en proceso; otro → rechazado.' + DOC_ENVIOS_OCUPADOS,
    body: { ticket: '1732752000002' },
  },
  xml: {
    summary: 'Ver el XML de una comunicación de baja',
    description: 'El `nombre_archivo` que devolvió el envío (con o sin `.xml`); solo comunicaciones de la empresa activa.',
    params: { nombre: '20000000001-RA-20250115-001.xml' },
    respuesta: { archivo: 'application/xml' },
  },
  cdr: {
    summary: 'Descargar el CDR de una comunicación de baja',
    description: 'La constancia del ticket (R-ticket-{ticket}.zip), cuando SUNAT ya dio la respuesta final.',
    params: { nombre: '20000000001-RA-20250115-001.xml' },
    respuesta: { archivo: 'application/zip' },
  },
};
