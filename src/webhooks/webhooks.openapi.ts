import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { WebhooksController } from './webhooks.controller';

const FIRMA =
  'Cada entrega es un POST JSON `{type, timestamp, recurso, data}` con las cabeceras de Standard Webhooks `webhook-id`, `webhook-timestamp` y ' +
  '`webhook-signature: v1,<base64 del HMAC-SHA256 de "id.timestamp.cuerpo">` con la clave del secreto (los bytes en base64 tras `whsec_`).';

export const WEBHOOKS_DOCS: DocsDe<WebhooksController> = {
  list: { summary: 'Listar los webhooks de la empresa', description: 'Nunca muestra los secretos.' },
  create: {
    summary: 'Crear un webhook',
    description: `Responde el secreto \`whsec_...\` una sola vez. \`eventos\` omitido o null: todos los tipos. ${FIRMA}`,
    body: { url: 'https://example.com/webhooks/facturacion', eventos: ['documento.creado', 'documento.aceptado', 'documento.rechazado'] },
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
  },
  reenviar: {
    summary: 'Reenviar una entrega',
    description: 'Pendiente: se intenta ahora. Entregada o fallida: una nueva entrega del mismo evento (mismo `webhook-id`) detrás de las pendientes.',
    params: { entrega: 1 },
  },
};
