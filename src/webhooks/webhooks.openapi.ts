import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { WebhooksController } from './webhooks.controller';

const FIRMA =
  'Cada entrega es un POST JSON `{type, timestamp, recurso, data}` con las cabeceras de Standard Webhooks `webhook-id`, `webhook-timestamp` y ' +
  '`webhook-signature: v1,<base64 del HMAC-SHA256 de "id.timestamp.cuerpo">` con la clave del secreto (los bytes en base64 tras `whsec_`).';

const WEBHOOK = {
  id: 1,
  url: 'https://example.com/webhooks/facturacion',
  eventos: ['documento.creado', 'documento.aceptado', 'documento.rechazado'],
  activo: true,
  fallando_desde: null,
  desactivado_en: null,
  motivo_desactivacion: null,
  created_at: '2025-03-14T15:04:05.000Z',
  updated_at: '2025-03-14T15:04:05.000Z',
};
const SECRETO = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD+3BmYUgGBiM=';

export const WEBHOOKS_DOCS: DocsDe<WebhooksController> = {
  list: { summary: 'Listar los webhooks de la empresa', description: 'Nunca muestra los secretos.' },
  create: {
    summary: 'Crear un webhook',
    description: `Responde el secreto \`whsec_...\` una sola vez. \`eventos\` omitido o null: todos los tipos. ${FIRMA}`,
    body: { url: 'https://example.com/webhooks/facturacion', eventos: ['documento.creado', 'documento.aceptado', 'documento.rechazado'] },
    respuesta: {
      status: 201,
      example: { success: true, message: 'Webhook creado. Guarde el secreto: no se vuelve a mostrar.', data: { ...WEBHOOK, secreto: SECRETO } },
    },
  },
  get: { summary: 'Ver un webhook' },
  update: {
    summary: 'Actualizar un webhook',
    description: 'Parcial. `activo: true` reactiva un webhook desactivado por fallar; sus entregas pendientes siguen en orden.',
    body: { eventos: ['documento.creado', 'documento.aceptado', 'documento.observado', 'documento.rechazado'] },
  },
  remove: { summary: 'Eliminar un webhook', description: 'Con su registro de entregas.' },
  rotarSecreto: {
    summary: 'Renovar el secreto de un webhook',
    description: 'Responde el nuevo secreto una sola vez; el anterior deja de firmar de inmediato.',
  },
  entregas: {
    summary: 'Registro de entregas de un webhook',
    description: 'Las más recientes primero; cada una con su evento y todos sus intentos (estado HTTP, duración, inicio de la respuesta, error).',
    query: { page: 1, per_page: 20 },
    respuesta: {
      example: {
        success: true,
        data: [
          {
            id: 1,
            evento: { id: 'evt_1', tipo: 'documento.creado', recurso: 'venta', id_recurso: '1', creado_en: '2025-03-14T15:04:06.000Z' },
            estado: 'entregada',
            intentos: 2,
            proximo_intento: null,
            entregada_en: '2025-03-14T15:04:17.000Z',
            created_at: '2025-03-14T15:04:06.000Z',
            historial: [
              { intento: 1, fecha: '2025-03-14T15:04:06.100Z', estado_http: 500, duracion_ms: 84, respuesta: 'Internal Server Error', error: null },
              { intento: 2, fecha: '2025-03-14T15:04:17.000Z', estado_http: 200, duracion_ms: 41, respuesta: 'ok', error: null },
            ],
          },
        ],
        meta: { page: 1, per_page: 20, total: 1, last_page: 1 },
      },
    },
  },
  reenviar: {
    summary: 'Reenviar una entrega',
    description: 'Pendiente: se intenta ahora. Entregada o fallida: una nueva entrega del mismo evento (mismo `webhook-id`) detrás de las pendientes.',
    params: { entrega: 1 },
  },
};
