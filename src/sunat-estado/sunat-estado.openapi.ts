import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { SunatEstadoController } from './sunat-estado.controller';

export const SUNAT_ESTADO_DOCS: DocsDe<SunatEstadoController> = {
  estado: {
    summary: 'Estado frente a SUNAT de la empresa activa',
    description:
      '`servicios`: SOAP (comprobantes, resúmenes, CDR) y GRE (guías), según el último envío automático: `disponible`, desde cuándo está caído y el error que lo tiene caído. ' +
      '`en_espera`: documentos de la empresa en la cola de envío automático que aún no salieron (total, por tipo y el más antiguo); `fallidos`: envíos automáticos terminados sin éxito. ' +
      '`por_vencer`: documentos que SUNAT aún no tiene y cuyo plazo termina dentro de las próximas 24 horas (hasta 100, más el `total`): ' +
      'facturas y sus notas 3 días calendario después de la emisión, boletas y sus notas 7 días, guías el mismo día de `fecha_traslado`; cada plazo termina a medianoche de Lima. ' +
      'Un plazo ya vencido no figura. Requiere `ventas.view`.',
    respuesta: {
      example: {
        success: true,
        data: {
          servicios: [
            {
              servicio: 'soap',
              disponible: false,
              caido_desde: '2025-03-13T19:42:05.120Z',
              ultimo_error: '0109 - El sistema no puede responder su solicitud.',
            },
            { servicio: 'gre', disponible: true, caido_desde: null, ultimo_error: null },
          ],
          en_espera: {
            total: 2,
            por_tipo: { venta: 2, nota: 0, guia: 0, lote: 0 },
            mas_antiguo: {
              tipo: 'venta',
              id_documento: 1,
              desde: '2025-03-13T19:40:11.503Z',
              intentos: 3,
              ultimo_error: '0109 - El sistema no puede responder su solicitud.',
            },
          },
          fallidos: 0,
          por_vencer: {
            total: 1,
            documentos: [{ tipo: 'factura', id: 1, numero_completo: 'F001-1', fecha_emision: '2025-03-10', vence: '2025-03-14T05:00:00.000Z' }],
          },
          generado_en: '2025-03-13T20:00:00.000Z',
        },
      },
    },
  },
};
