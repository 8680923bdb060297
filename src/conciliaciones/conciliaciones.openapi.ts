import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ConciliacionesController } from './conciliaciones.controller';

const EJEMPLO = {
  id: 1,
  desde: '2025-03-10',
  hasta: '2025-03-12',
  estado: 'terminada',
  progreso: { fase: 'nd', revisados: 3 },
  totales: { revisados: 3, diferencias: 2, reparados: 1, sin_respuesta: 0 },
  mensaje: null,
  creado_en: '2025-03-13T06:00:00.000Z',
  terminado_en: '2025-03-13T06:00:04.210Z',
  diferencias: [
    {
      tipo: 'venta',
      id_documento: 1,
      tipo_comprobante: '01',
      numero_completo: 'F001-1',
      fecha_emision: '2025-03-10',
      estado_nuestro: 'pendiente',
      estado_sunat: 'aceptado',
      accion: 'marcar_aceptado',
      reparado: true,
      detalle: null,
    },
    {
      tipo: 'venta',
      id_documento: 2,
      tipo_comprobante: '03',
      numero_completo: 'B001-1',
      fecha_emision: '2025-03-11',
      estado_nuestro: 'aceptado',
      estado_sunat: 'anulado',
      accion: 'marcar_anulado',
      reparado: false,
      detalle: null,
    },
  ],
};

export const CONCILIACIONES_DOCS: DocsDe<ConciliacionesController> = {
  crear: {
    summary: 'Conciliar con SUNAT los documentos de unas fechas',
    description:
      'Inicia la revisión, con la consulta de validez de SUNAT, de las facturas, boletas y notas de crédito y débito de la empresa activa emitidas entre `desde` y `hasta` ' +
      '(a lo más 31 días). Responde de inmediato con `estado` `en_curso`; el avance y las diferencias se ven en `GET /api/conciliaciones/{id}`. ' +
      'Solo se reparan solos un documento pendiente que SUNAT tiene aceptado y uno que SUNAT no recibió aún dentro de su plazo; lo demás queda listado. Requiere `reportes.view`.',
    body: { desde: '2025-03-10', hasta: '2025-03-12' },
    respuesta: {
      status: 201,
      example: {
        success: true,
        data: {
          ...EJEMPLO,
          estado: 'en_curso',
          progreso: { fase: 'venta', revisados: 0 },
          totales: { revisados: 0, diferencias: 0, reparados: 0, sin_respuesta: 0 },
          terminado_en: null,
          diferencias: [],
        },
      },
    },
  },
  ver: {
    summary: 'Ver una conciliación con SUNAT',
    description:
      'Avance (`progreso.fase`: `venta`, `nc`, `nd`; documentos revisados), totales y cada diferencia: el documento, `estado_nuestro`, `estado_sunat` ' +
      '(`no_existe`, `aceptado`, `anulado`, `otro`, `sin_respuesta`), la `accion` (`reenviar`, `resumir`, `marcar_aceptado`, `marcar_anulado`, `revisar`) y si se `reparado`. Requiere `reportes.view`.',
    params: { id: 1 },
    respuesta: { example: { success: true, data: EJEMPLO } },
  },
};
