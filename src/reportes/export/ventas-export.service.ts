import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { hoyLima } from '@/common/fecha';
import { VentasService } from '@/ventas/ventas.service';
import { EmisorImpresoService } from '../documentos/emisor-impreso.service';
import { ExportarVentasQueryDto } from './exportar-ventas.query';
import { writeVentasExcel } from './ventas-excel';
import { writeVentasPdf } from './ventas-pdf';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  ) {}

  async excel(empresaId: number, filtros: ExportarVentasQueryDto, res: Response): Promise<void> {
    const emisor = await this.emisores.forEmpresa(empresaId, false);
    this.start(res, XLSX, `ventas-${emisor.ruc}-${hoyLima()}.xlsx`);
    await this.guard(res, () => writeVentasExcel(this.ventas.enBloques(empresaId, filtros), res));
  }

  async pdf(empresaId: number, filtros: ExportarVentasQueryDto, res: Response): Promise<void> {
    const emisor = await this.emisores.forEmpresa(empresaId);
    this.start(res, 'application/pdf', `ventas-${emisor.ruc}-${hoyLima()}.pdf`);
    await this.guard(res, () => writeVentasPdf(this.ventas.enBloques(empresaId, filtros), emisor, { descripcion: describir(filtros) }, res));
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
