import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { AllowQueryToken } from '@/common/decorators/query-token.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ExportarVentasQueryDto } from './exportar-ventas.query';
import { VentasExportService } from './ventas-export.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { VENTAS_EXPORT_DOCS, VENTAS_EXPORT_WEB_DOCS } from '../reportes.openapi';

/**
 * GET /api/ventas/exportar-excel and /exportar-pdf: the filters of GET /api/ventas, every matching sale.
 * Registered before VentasController (ReportesModule comes first in AppModule), whose '/:id' would
 * otherwise take 'exportar-excel' for an id.
 */
@ApiTags('ventas')
@ApiBearerAuth()
@ApiDocs(VENTAS_EXPORT_DOCS)
@Controller('ventas')
export class VentasExportController {
  constructor(private readonly exportar: VentasExportService) {}

  @Get('exportar-excel')
  @RequirePermission('ventas.view')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  excel(@EmpresaActual() empresaId: number, @Query() filtros: ExportarVentasQueryDto, @Res() res: Response): Promise<void> {
    return this.exportar.excel(empresaId, filtros, res);
  }

  @Get('exportar-pdf')
  @RequirePermission('ventas.view')
  @ApiProduces('application/pdf')
  pdf(@EmpresaActual() empresaId: number, @Query() filtros: ExportarVentasQueryDto, @Res() res: Response): Promise<void> {
    return this.exportar.pdf(empresaId, filtros, res);
  }
}

/** The same exports for a browser link: /reporte/ventas/exportar-* accept ?token= (outside /api). */
@ApiTags('reportes')
@ApiBearerAuth()
@ApiQuery({ name: 'token', required: false, description: 'Token de acceso, para descargar desde el navegador' })
@AllowQueryToken()
@ApiDocs(VENTAS_EXPORT_WEB_DOCS)
@Controller('reporte/ventas')
export class VentasExportWebController {
  constructor(private readonly exportar: VentasExportService) {}

  @Get('exportar-excel')
  @RequirePermission('ventas.view')
  excel(@EmpresaActual() empresaId: number, @Query() filtros: ExportarVentasQueryDto, @Res() res: Response): Promise<void> {
    return this.exportar.excel(empresaId, filtros, res);
  }

  @Get('exportar-pdf')
  @RequirePermission('ventas.view')
  pdf(@EmpresaActual() empresaId: number, @Query() filtros: ExportarVentasQueryDto, @Res() res: Response): Promise<void> {
    return this.exportar.pdf(empresaId, filtros, res);
  }
}
