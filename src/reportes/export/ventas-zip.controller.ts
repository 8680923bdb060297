import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ExportarZipQueryDto } from './exportar-zip.query';
import { VentasZipService } from './ventas-zip.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { VENTAS_ZIP_DOCS } from '../reportes.openapi';

/** Registered before VentasController (ReportesModule comes first), whose '/:id' would take 'exportar-zip'. */
@ApiTags('ventas')
@ApiBearerAuth()
@ApiDocs(VENTAS_ZIP_DOCS)
@Controller('ventas')
export class VentasZipController {
  constructor(private readonly zip: VentasZipService) {}

  @Get('exportar-zip')
  @RequirePermission('ventas.view')
  @ApiProduces('application/zip')
  exportar(@EmpresaActual() empresaId: number, @Query() q: ExportarZipQueryDto, @Res() res: Response): Promise<void> {
    return this.zip.exportar(empresaId, q.desde, q.hasta, res);
  }
}
