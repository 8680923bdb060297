import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { hoyLima } from '@/common/fecha';
import { webhooksConfig } from '@/config/webhooks.config';
import { EmpresasService } from '@/empresas/empresas.service';
import { Eventos } from '@/eventos/eventos.service';
import { RecursoEvento } from '@/eventos/tipos-evento';
import { SunatEstadoService } from '@/sunat-estado/sunat-estado.service';
import type { TipoPorVencer } from '@/sunat-estado/sunat-estado.view';

/** Days before a certificate's last valid day on which `certificado.por_vencer` is emitted (the nearest one reached). */
export const AVISOS_CERTIFICADO_DIAS = [30, 7, 1] as const;

const RECURSO_DE: Record<TipoPorVencer, RecursoEvento> = {
  factura: 'venta',
  boleta: 'venta',
  nota_credito: 'nota_credito',
  nota_debito: 'nota_debito',
  guia: 'guia',
};

/** The notice due `dias` days before expiry (0: the last day), or null: none yet, or expired. */
export function umbralCertificado(dias: number): number | null {
  if (dias < 0) return null;
  return [...AVISOS_CERTIFICADO_DIAS].sort((a, b) => a - b).find((u) => dias <= u) ?? null;
}

/** Whole days from `desde` to `hasta` (both YYYY-MM-DD). */
export const diasEntre = (desde: string, hasta: string) => Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

/**
 * The checks no request triggers: documents whose deadline to reach SUNAT ends within 24 hours (`plazo.por_vencer`,
 * once per document) and certificates 30, 7 and 1 days before their last valid day (`certificado.por_vencer`, once per
 * certificate and notice). Every process with the sender on runs them every WEBHOOKS_CHECK_INTERVAL_MS and at
 * start-up; the events' keys make a second run (or replica) register nothing new. Only companies with an enabled
 * endpoint subscribed to them are checked.
 */
@Injectable()
export class VigilanciaPlazos implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private timer: NodeJS.Timeout | null = null;
  private enCurso: Promise<number> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly eventos: Eventos,
    private readonly empresas: EmpresasService,
    private readonly sunatEstado: SunatEstadoService,
    @Inject(webhooksConfig.KEY) private readonly config: ConfigType<typeof webhooksConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.enabled) return;
    this.timer = setInterval(() => void this.tick(), this.config.checkIntervalMs);
    this.timer.unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.enCurso?.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.enCurso) return;
    this.enCurso = this.revisar();
    try {
      await this.enCurso;
    } catch (error) {
      this.logger.error(`Revisión de plazos: ${(error as Error).message}`);
    } finally {
      this.enCurso = null;
    }
  }

  /** One pass over the subscribed companies; the number of new events. */
  async revisar(now = new Date()): Promise<number> {
    const empresas = (await this.dataSource.query(
      `SELECT DISTINCT id_empresa FROM webhooks
        WHERE activo AND (eventos IS NULL OR eventos && ARRAY['plazo.por_vencer', 'certificado.por_vencer']::text[])
        ORDER BY id_empresa`,
    )) as Array<{ id_empresa: number }>;
    let nuevos = 0;
    for (const { id_empresa: empresaId } of empresas) {
      for (const documento of (await this.sunatEstado.porVencer(empresaId, now)).documentos) {
        const id = await this.eventos.registrar(this.dataSource.manager, {
          empresaId,
          tipo: 'plazo.por_vencer',
          recurso: RECURSO_DE[documento.tipo],
          id: documento.id,
          data: documento,
        });
        if (id) nuevos++;
      }
      if (await this.certificado(empresaId, now)) nuevos++;
    }
    return nuevos;
  }

  private async certificado(empresaId: number, now: Date): Promise<boolean> {
    const info = (await this.empresas.findById(empresaId))?.certificado_info;
    if (!info?.valido_hasta) return false;
    const dias = diasEntre(hoyLima(now), info.valido_hasta);
    const umbral = umbralCertificado(dias);
    if (umbral === null) return false;
    const id = await this.eventos.registrar(this.dataSource.manager, {
      empresaId,
      tipo: 'certificado.por_vencer',
      recurso: 'empresa',
      id: empresaId,
      clave: `${info.valido_hasta}:${umbral}`,
      data: { id_empresa: empresaId, certificado: info, dias_restantes: dias, aviso: umbral },
    });
    return id !== null;
  }
}
