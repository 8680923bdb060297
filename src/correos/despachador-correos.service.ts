import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { CORREO_ENVIADO, CORREO_ERROR, CORREO_PENDIENTE } from '@/common/estados';
import { correosConfig } from '@/config/correos.config';
import { AjustesCorreo, EmpresasService, MSG_CORREO_INCOMPLETO } from '@/empresas/empresas.service';
import { esperaDeReintento } from '@/sunat/nest/envios/reintento';
import { TipoCorreo } from './correo-tipos';
import { ComposicionCorreo, ComprobanteNoEnviable, MensajeComprobante } from './composicion-correo.service';
import { clasificarErrorSmtp, opcionesSmtp, sinCredenciales } from './smtp';

interface CorreoReclamado {
  id: string;
  id_empresa: number;
  tipo: TipoCorreo;
  id_documento: number;
  destinatarios: string[];
  intentos: number;
  reclamado_desde: Date;
}

/** How one attempt ended. */
type Resultado = { kind: 'enviado'; detalle: string } | { kind: 'error'; detalle: string } | { kind: 'reintentar'; detalle: string };

/**
 * Delivers the queued mails in the background (every process with MAIL_WORKER on): rows whose turn has come are
 * claimed with SKIP LOCKED (several processes share the queue, none sends a row twice; a claim older than a send
 * can take was left by a crash and is taken again), each is built and handed to the company's SMTP server, and the
 * outcome recorded: sent; refused for good (5xx: error with SMTP's text, never retried); or back in the queue with
 * exponential backoff (4xx, no answer) until MAIL_MAX_ATTEMPTS. The SMTP URL and its password never reach a log or
 * a stored text.
 */
@Injectable()
export class DespachadorCorreos implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Correos');
  private readonly enCurso = new Set<Promise<void>>();
  private bombeando = false;
  private pendienteDeBombear = false;
  private detenido = true;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly empresas: EmpresasService,
    private readonly composicion: ComposicionCorreo,
    @Inject(correosConfig.KEY) private readonly config: ConfigType<typeof correosConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.enabled) return;
    this.detenido = false;
    this.timer = setInterval(() => void this.bombear(), this.config.intervalMs);
    this.timer.unref();
    void this.bombear();
  }

  async onApplicationShutdown(): Promise<void> {
    this.detenido = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.enCurso]);
  }

  /** The longest one send can take (connection, greeting, each command and the upload have their own timeout). */
  private get ventanaMs(): number {
    return 6 * this.config.timeoutMs + 60_000;
  }

  /** Claims and starts as many mails as there are free slots, until nothing is due. */
  async bombear(): Promise<void> {
    if (this.detenido) return;
    if (this.bombeando) {
      this.pendienteDeBombear = true;
      return;
    }
    this.bombeando = true;
    try {
      do {
        this.pendienteDeBombear = false;
        for (;;) {
          const libres = this.config.concurrency - this.enCurso.size;
          if (libres <= 0 || this.detenido) break;
          const correos = await this.reclamar(libres);
          if (!correos.length) break;
          for (const correo of correos) this.lanzar(correo);
        }
      } while (this.pendienteDeBombear && !this.detenido);
    } catch (error) {
      this.logger.error(`Cola de correos: ${(error as Error).message}`);
    } finally {
      this.bombeando = false;
    }
  }

  private async reclamar(limite: number): Promise<CorreoReclamado[]> {
    const [filas] = (await this.dataSource.query(
      `UPDATE correos SET reclamado_desde = date_trunc('milliseconds', clock_timestamp()), intentos = intentos + 1
        WHERE id IN (SELECT id FROM correos
                      WHERE estado = $1 AND proximo_intento <= now()
                        AND (reclamado_desde IS NULL OR reclamado_desde < now() - make_interval(secs => $2))
                      ORDER BY proximo_intento, id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id, id_empresa, tipo, id_documento, destinatarios, intentos, reclamado_desde`,
      [CORREO_PENDIENTE, this.ventanaMs / 1000, limite],
    )) as [CorreoReclamado[], number];
    return filas.map((f) => ({ ...f, id: String(f.id) }));
  }

  private lanzar(correo: CorreoReclamado): void {
    const tarea: Promise<void> = this.ejecutar(correo)
      .catch((error: unknown) => this.logger.error(`Correo ${correo.id}: ${(error as Error).message}`))
      .finally(() => {
        this.enCurso.delete(tarea);
        void this.bombear();
      });
    this.enCurso.add(tarea);
  }

  private async ejecutar(correo: CorreoReclamado): Promise<void> {
    const empresa = await this.empresas.findById(correo.id_empresa);
    let ajustes: AjustesCorreo | null = null;
    let resultado: Resultado;
    try {
      ajustes = empresa ? this.empresas.ajustesCorreo(empresa) : null;
      resultado = ajustes && empresa ? await this.enviar(correo, ajustes, empresa.razon_social) : { kind: 'error', detalle: MSG_CORREO_INCOMPLETO };
    } catch (error) {
      resultado = { kind: 'reintentar', detalle: `No se pudo preparar el correo: ${(error as Error).message}` };
    }
    // whatever the path, a stored or logged text never carries the company's SMTP credentials
    const detalle = ajustes ? sinCredenciales(resultado.detalle, ajustes.smtpUrl) : resultado.detalle;
    await this.registrar(correo, { ...resultado, detalle });
  }

  private async enviar(correo: CorreoReclamado, ajustes: AjustesCorreo, razonSocial: string): Promise<Resultado> {
    let mensaje: MensajeComprobante;
    try {
      mensaje = await this.composicion.componer(correo.id_empresa, correo.tipo, correo.id_documento, razonSocial);
    } catch (error) {
      if (error instanceof ComprobanteNoEnviable) return { kind: 'error', detalle: `No se pudo preparar el correo: ${error.message}` };
      throw error;
    }
    const transporte = createTransport(opcionesSmtp(ajustes.smtpUrl, this.config.timeoutMs));
    try {
      const info = await transporte.sendMail({
        from: { name: ajustes.nombre, address: ajustes.remitente },
        ...(ajustes.responderA ? { replyTo: ajustes.responderA } : {}),
        to: correo.destinatarios,
        subject: mensaje.asunto,
        text: mensaje.texto,
        attachments: mensaje.adjuntos,
      });
      const rechazados = (info.rejectedErrors ?? []).map((e) => `${(e as { recipient?: string }).recipient ?? ''}: ${clasificarErrorSmtp(e).detalle}`.trim());
      const aceptado = `${info.response ?? 'Aceptado por el servidor de correo.'}`.trim();
      return { kind: 'enviado', detalle: rechazados.length ? `${aceptado}. Rechazados por el servidor: ${rechazados.join('; ')}` : aceptado };
    } catch (error) {
      const fallo = clasificarErrorSmtp(error);
      return fallo.permanente ? { kind: 'error', detalle: fallo.detalle } : { kind: 'reintentar', detalle: fallo.detalle };
    } finally {
      transporte.close();
    }
  }

  private async registrar(correo: CorreoReclamado, resultado: Resultado): Promise<void> {
    const agotado = resultado.kind === 'reintentar' && correo.intentos >= this.config.maxAttempts;
    // only this claim's row: a claim taken over after a crash window is the other sender's to record
    const guarda = `id = $1 AND reclamado_desde = $2 AND estado = $3`;
    if (resultado.kind === 'reintentar' && !agotado) {
      const esperaMs = esperaDeReintento(correo.intentos, this.config.backoffBaseMs, this.config.backoffMaxMs);
      await this.dataSource.query(
        `UPDATE correos SET reclamado_desde = NULL, detalle = $4, proximo_intento = now() + make_interval(secs => $5) WHERE ${guarda}`,
        [
          correo.id,
          correo.reclamado_desde,
          CORREO_PENDIENTE,
          recortar(`Intento ${correo.intentos} fallido, se reintentará: ${resultado.detalle}`),
          esperaMs / 1000,
        ],
      );
      return;
    }
    const estado = resultado.kind === 'enviado' ? CORREO_ENVIADO : CORREO_ERROR;
    const detalle = agotado ? `Sin éxito tras ${correo.intentos} intentos: ${resultado.detalle}` : resultado.detalle;
    await this.dataSource.query(`UPDATE correos SET estado = $4, reclamado_desde = NULL, detalle = $5, fecha = now() WHERE ${guarda}`, [
      correo.id,
      correo.reclamado_desde,
      CORREO_PENDIENTE,
      estado,
      recortar(detalle),
    ]);
    if (estado === CORREO_ERROR) this.logger.warn(`Correo ${correo.id} (${correo.tipo} ${correo.id_documento}) no enviado: ${recortar(detalle)}`);
  }
}

const recortar = (text: string) => (text.length > 1000 ? `${text.slice(0, 997)}...` : text);
