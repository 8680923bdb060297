import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ComunicacionBajaController } from './comunicacion-baja.controller';

export const COMUNICACION_BAJA_DOCS: DocsDe<ComunicacionBajaController> = {
  enviar: {
    summary: 'Enviar una comunicación de baja (facturas y notas)',
    description:
      'Cada documento lleva exactamente uno de `id_venta`, `id_nota_credito`, `id_nota_debito` y su `motivo`. ' +
      'Documentos aceptados por SUNAT, emitidos hace 7 días o menos. Devuelve el ticket.',
    body: { documentos: [{ id_nota_debito: 1, motivo: 'ERROR EN EMISION' }] },
  },
  consultar: {
    summary: 'Consultar el ticket de una comunicación de baja',
    description: 'Use el `ticket` que devolvió el envío. 0 → aceptado; 98 → en proceso; otro → rechazado.',
    body: { ticket: '1732752000002' },
  },
};
