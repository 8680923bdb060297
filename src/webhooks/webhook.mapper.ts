import type { Webhook } from './entities/webhook.entity';

export interface WebhookView {
  id: number;
  url: string;
  /** null: every event type. */
  eventos: string[] | null;
  activo: boolean;
  fallando_desde: Date | null;
  desactivado_en: Date | null;
  motivo_desactivacion: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The endpoint as the API shows it: never its secret. */
export function toWebhookView(w: Pick<Webhook, keyof WebhookView>): WebhookView {
  return {
    id: w.id,
    url: w.url,
    eventos: w.eventos,
    activo: w.activo,
    fallando_desde: w.fallando_desde,
    desactivado_en: w.desactivado_en,
    motivo_desactivacion: w.motivo_desactivacion,
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

/** The encryption context of an endpoint's secret: a blob copied to another row does not decrypt. */
export const contextoSecreto = (id: number) => `webhook:${id}:secreto`;

/** The `webhook-id` of an event's deliveries (the same on every retry and replay, for the receiver's de-duplication). */
export const idMensaje = (idEvento: string | number) => `evt_${idEvento}`;
