import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { SUNAT_ESTADO_DOCS } from './sunat-estado.openapi';
import { SunatEstadoService } from './sunat-estado.service';

/** It names the company's sales, notes and guides: the permission that reads them (ventas.view). */
@ApiTags('sunat')
@ApiBearerAuth()
@ApiDocs(SUNAT_ESTADO_DOCS)
@Controller('sunat')
export class SunatEstadoController {
  constructor(private readonly sunatEstado: SunatEstadoService) {}

  @Get('estado')
  @RequirePermission('ventas.view')
  async estado(@EmpresaActual() empresaId: number) {
    return { success: true, data: await this.sunatEstado.estado(empresaId) };
  }
}
