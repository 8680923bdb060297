import { Inject, Injectable } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { assertSameEmpresa, conflict, invalidField, notFound } from '@/common/errors/http-errors';
import { ENTREGA_PENDIENTE } from '@/common/estados';
import { PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { appConfig } from '@/config/app.config';
import { webhooksConfig } from '@/config/webhooks.config';
import { encryptSecret } from '@/sunat/signing/secret-encryption';
import { CreateWebhookDto, EntregasQueryDto, UpdateWebhookDto } from './dto/webhook.dto';
import { EntregaView, toEntregaView, EntregaFila } from './entrega.mapper';
import { Webhook } from './entities/webhook.entity';
import { nuevoSecreto } from './firma';
import { comprobarUrl, resolverDestino } from './url-guard';
import { contextoSecreto } from './webhook.mapper';

/** Endpoints per company: enough for every integration, few enough that one event never fans out to hundreds. */
export const MAX_WEBHOOKS_POR_EMPRESA = 20;

const SELECT_ENTREGAS = `
  SELECT e.id, e.estado, e.intentos, e.proximo_intento, e.entregada_en, e.created_at,
         ev.id AS id_evento, ev.tipo, ev.recurso, ev.id_recurso, ev.creado_en AS evento_creado_en,
         COALESCE((SELECT json_agg(json_build_object('intento', i.numero, 'fecha', i.creado_en, 'estado_http', i.estado_http,
                                                     'duracion_ms', i.duracion_ms, 'respuesta', i.respuesta, 'error', i.error) ORDER BY i.numero)
                     FROM webhook_intentos i WHERE i.id_entrega = e.id), '[]') AS historial
    FROM webhook_entregas e JOIN eventos ev ON ev.id = e.id_evento`;

/** The company's webhook endpoints, their secrets and their delivery log. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Webhook) private readonly webhooks: Repository<Webhook>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    @Inject(webhooksConfig.KEY) private readonly config: ConfigType<typeof webhooksConfig>,
  ) {}

  list(empresaId: number): Promise<Webhook[]> {
    return this.webhooks.find({ where: { id_empresa: empresaId }, order: { id: 'ASC' } });
  }

  async get(empresaId: number, id: number): Promise<Webhook> {
    return assertSameEmpresa(await this.webhooks.findOne({ where: { id } }), empresaId, 'Webhook');
  }

  /** The new endpoint and its secret (the only answer but the rotation's that carries it). */
  async create(empresaId: number, dto: CreateWebhookDto): Promise<{ webhook: Webhook; secreto: string }> {
    await this.assertDestino(dto.url);
    return this.dataSource.transaction(async (manager) => {
      // one company's creates in turn, so the cap holds under concurrency
      await manager.query(`SELECT 1 FROM empresas WHERE id_empresa = $1 FOR UPDATE`, [empresaId]);
      if ((await manager.count(Webhook, { where: { id_empresa: empresaId } })) >= MAX_WEBHOOKS_POR_EMPRESA)
        throw conflict(`La empresa ya tiene ${MAX_WEBHOOKS_POR_EMPRESA} webhooks; elimine alguno antes de crear otro.`);
      // the id first: the secret's encryption context names its row
      const [{ id }] = (await manager.query(`SELECT nextval(pg_get_serial_sequence('webhooks', 'id'))::int AS id`)) as Array<{ id: number }>;
      const secreto = nuevoSecreto();
      await manager.query(`INSERT INTO webhooks (id, id_empresa, url, eventos, secreto_cifrado) VALUES ($1, $2, $3, $4, $5)`, [
        id,
        empresaId,
        dto.url,
        normalizarEventos(dto.eventos),
        encryptSecret(secreto, this.app.secretKey, contextoSecreto(id)),
      ]);
      return { webhook: await manager.findOneByOrFail(Webhook, { id }), secreto };
    });
  }

  async update(empresaId: number, id: number, dto: UpdateWebhookDto): Promise<Webhook> {
    const webhook = await this.get(empresaId, id);
    if (dto.url !== undefined) {
      await this.assertDestino(dto.url);
      webhook.url = dto.url;
    }
    if (dto.eventos !== undefined) webhook.eventos = normalizarEventos(dto.eventos);
    if (dto.activo === true && !webhook.activo)
      Object.assign(webhook, { activo: true, fallando_desde: null, desactivado_en: null, motivo_desactivacion: null });
    if (dto.activo === false && webhook.activo)
      Object.assign(webhook, { activo: false, desactivado_en: new Date(), motivo_desactivacion: 'Desactivado por un usuario.' });
    return this.webhooks.save(webhook);
  }

  /** The endpoint and its delivery log go; deliveries in flight end with it. */
  async remove(empresaId: number, id: number): Promise<void> {
    await this.get(empresaId, id);
    await this.webhooks.delete({ id });
  }

  /** A new secret; the old one stops signing at once. */
  async rotarSecreto(empresaId: number, id: number): Promise<{ webhook: Webhook; secreto: string }> {
    const webhook = await this.get(empresaId, id);
    const secreto = nuevoSecreto();
    webhook.secreto_cifrado = encryptSecret(secreto, this.app.secretKey, contextoSecreto(id));
    return { webhook: await this.webhooks.save(webhook), secreto };
  }

  /** The endpoint's deliveries, newest first, each with its event and every attempt. */
  async entregas(empresaId: number, id: number, query: EntregasQueryDto): Promise<{ data: EntregaView[]; meta: PageMeta }> {
    await this.get(empresaId, id);
    const { page, perPage, skip } = pageOf(query);
    const filtros = ['e.id_webhook = $1', ...(query.estado ? ['e.estado = $2'] : [])].join(' AND ');
    const params: unknown[] = query.estado ? [id, query.estado] : [id];
    const filas = (await this.dataSource.query(
      `${SELECT_ENTREGAS} WHERE ${filtros} ORDER BY e.id DESC LIMIT ${perPage} OFFSET ${skip}`,
      params,
    )) as EntregaFila[];
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total FROM webhook_entregas e WHERE ${filtros}`, params)) as Array<{
      total: number;
    }>;
    return { data: filas.map(toEntregaView), meta: pageMeta(page, perPage, total) };
  }

  /**
   * Sends a delivery's event again: a pending one is attempted now (its backoff cut short); a finished one (delivered
   * or given up) gets a new delivery, behind the endpoint's other pending ones. The receiver sees the same webhook-id.
   */
  async reenviar(empresaId: number, id: number, entregaId: number): Promise<EntregaView> {
    await this.get(empresaId, id);
    const nueva = await this.dataSource.transaction(async (manager) => {
      const [entrega] = (await manager.query(`SELECT id, estado, id_evento FROM webhook_entregas WHERE id = $1 AND id_webhook = $2 FOR UPDATE`, [
        entregaId,
        id,
      ])) as Array<{ id: string; estado: string; id_evento: string }>;
      if (!entrega) throw notFound('Entrega');
      if (entrega.estado === ENTREGA_PENDIENTE) {
        await manager.query(`UPDATE webhook_entregas SET proximo_intento = now(), updated_at = now() WHERE id = $1`, [entrega.id]);
        return entrega.id;
      }
      const [creada] = (await manager.query(`INSERT INTO webhook_entregas (id_webhook, id_evento) VALUES ($1, $2) RETURNING id`, [
        id,
        entrega.id_evento,
      ])) as Array<{
        id: string;
      }>;
      return creada.id;
    });
    const [fila] = (await this.dataSource.query(`${SELECT_ENTREGAS} WHERE e.id = $1`, [nueva])) as EntregaFila[];
    return toEntregaView(fila);
  }

  /** http(s) without credentials; outside on-premise installations, not towards this host or a private network. */
  private async assertDestino(texto: string): Promise<void> {
    const url = comprobarUrl(texto);
    if (!url.ok) throw invalidField('url', url.motivo);
    if (this.config.allowPrivate) return;
    const destino = await resolverDestino(url.url, false);
    if (!destino.ok) throw invalidField('url', destino.motivo);
  }
}

/** null (or absent): every type; a list is kept in the catalogue's order, without repetitions. */
function normalizarEventos(eventos: readonly string[] | null | undefined): string[] | null {
  return eventos ? [...new Set(eventos)] : null;
}
