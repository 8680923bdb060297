import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Response } from 'express';
import type { Worker } from 'node:worker_threads';
import { hoyLima } from '@/common/fecha';
import { databaseConfig } from '@/config/database.config';
import type { FiltrosVentas } from '@/ventas/venta-bloques';
import { VentasService } from '@/ventas/ventas.service';
import { EmisorImpresoService } from '../documentos/emisor-impreso.service';
import type { InicioExportacion } from './export-mensajes';
import { ExportacionesOcupadas, ExportWorkers } from './export-workers';
import { exportarEnHilo } from './exportar-en-hilo';
import { ExportarVentasQueryDto } from './exportar-ventas.query';
import { writeVentasExcel } from './ventas-excel';
import { writeVentasPdf } from './ventas-pdf';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 503 when every export worker is busy and the queue is full (docs/API.md, issue 21). */
export const EXPORTACIONES_OCUPADAS = 'Hay demasiadas exportaciones en curso; intente nuevamente en unos momentos.';

/** Human-readable filters for the PDF listing (values already validated by the DTO). */
function describir(f: ExportarVentasQueryDto): string {
  return [
    f.fecha_desde && `desde ${f.fecha_desde}`,
    f.fecha_hasta && `hasta ${f.fecha_hasta}`,
    f.tipo && `tipo ${f.tipo}`,
    f.estado_sunat && `estado SUNAT ${f.estado_sunat}`,
    f.estado && `estado ${f.estado}`,
    f.serie && `serie ${f.serie}`,
    f.q && `número "${f.q}"`,
    f.cliente && `cliente "${f.cliente}"`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Streams the filtered sales to the response. Headers go out before the first block is read; a failure
 * after that cannot become a JSON error any more, so the connection is cut (the client sees a broken
 * download, never a truncated file that looks complete).
 */
@Injectable()
export class VentasExportService {
  private readonly logger = new Logger(VentasExportService.name);

  constructor(
    private readonly ventas: VentasService,
    private readonly emisores: EmisorImpresoService,
    private readonly workers: ExportWorkers,
    @Inject(databaseConfig.KEY) private readonly db: ConfigType<typeof databaseConfig>,
  ) {}

  async excel(empresaId: number, filtros: ExportarVentasQueryDto, res: Response): Promise<void> {
    const emisor = await this.emisores.forEmpresa(empresaId, false);
    const inicio = { tipo: 'inicio', formato: 'excel', ...this.consulta(empresaId, filtros) } as const;
    await this.exportar(res, XLSX, `ventas-${emisor.ruc}-${hoyLima()}.xlsx`, inicio);
  }

  async pdf(empresaId: number, filtros: ExportarVentasQueryDto, res: Response): Promise<void> {
    const emisor = await this.emisores.forEmpresa(empresaId);
    const inicio = { tipo: 'inicio', formato: 'pdf', emisor, descripcion: describir(filtros), ...this.consulta(empresaId, filtros) } as const;
    await this.exportar(res, 'application/pdf', `ventas-${emisor.ruc}-${hoyLima()}.pdf`, inicio);
  }

  /** Only the filters (a plain object: it is copied to the worker; the web twins' token stays here). */
  private consulta(empresaId: number, f: ExportarVentasQueryDto): { databaseUrl: string; empresaId: number; filtros: FiltrosVentas } {
    const { fecha_desde, fecha_hasta, tipo, estado_sunat, estado, cliente, serie, q } = f;
    return { databaseUrl: this.db.url, empresaId, filtros: { fecha_desde, fecha_hasta, tipo, estado_sunat, estado, cliente, serie, q } };
  }

  /**
   * In a worker thread of the export pool (issue 21), which reads the rows over its own connection; with
   * EXPORT_WORKERS=0, on the event loop as before. A worker is taken BEFORE the headers go out, so a full pool
   * is still a 503.
   */
  private async exportar(res: Response, type: string, nombre: string, inicio: InicioExportacion): Promise<void> {
    const bloques = () => this.ventas.enBloques(inicio.empresaId, inicio.filtros);
    if (this.workers.settings.workers === 0) {
      this.start(res, type, nombre);
      await this.guard(res, () =>
        inicio.formato === 'pdf' ? writeVentasPdf(bloques(), inicio.emisor, { descripcion: inicio.descripcion }, res) : writeVentasExcel(bloques(), res),
      );
      return;
    }
    const worker = await this.tomar(res);
    let sano = false;
    try {
      this.start(res, type, nombre);
      await this.guard(res, async () => {
        const filas = await exportarEnHilo(worker, inicio, res);
        sano = true;
        return filas;
      });
    } finally {
      this.workers.devolver(worker, sano);
    }
  }

  private async tomar(res: Response): Promise<Worker> {
    try {
      return await this.workers.tomar();
    } catch (error) {
      if (!(error instanceof ExportacionesOcupadas)) throw error;
      this.logger.warn(`Exportación rechazada: ${error.message}`);
      res.setHeader('Retry-After', '10');
      throw new ServiceUnavailableException({ success: false, message: EXPORTACIONES_OCUPADAS });
    }
  }

  private start(res: Response, type: string, nombre: string): void {
    res.status(200);
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Disposition', `attachment; filename="${nombre.replace(/[^A-Za-z0-9._-]/g, '')}"`);
    res.setHeader('Cache-Control', 'private, no-store');
  }

  private async guard(res: Response, write: () => Promise<number>): Promise<void> {
    try {
      await write();
      if (!res.writableEnded) res.end();
    } catch (error) {
      this.logger.error(`Exportación interrumpida: ${error instanceof Error ? error.message : String(error)}`);
      res.destroy();
    }
  }
}
