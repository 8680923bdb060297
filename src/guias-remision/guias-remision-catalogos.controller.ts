import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { UbigeoQueryDto } from './dto/ubigeo-query.dto';
import { MOTIVOS_TRASLADO } from './motivos-traslado';
import { GuiaConsultaService } from './guia-consulta.service';
import { searchUbigeos } from './ubigeos/ubigeo-catalog';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { GUIAS_CATALOGOS_DOCS } from './guias-remision.openapi';

/** Fixed-path helpers of the guide form. Registered before GuiasRemisionController so ':id' never shadows them. */
@ApiTags('guias-remision')
@ApiBearerAuth()
@ApiDocs(GUIAS_CATALOGOS_DOCS)
@Controller('guias-remision')
export class GuiasRemisionCatalogosController {
  constructor(private readonly guias: GuiaConsultaService) {}

  @Get('motivos')
  @RequirePermission('ventas.view')
  motivos() {
    return { success: true, data: MOTIVOS_TRASLADO };
  }

  @Get('proximo-numero')
  @RequirePermission('ventas.view')
  async proximoNumero(@EmpresaActual() empresaId: number) {
    return { success: true, ...(await this.guias.proximoNumero(empresaId)) };
  }

  @Get('ubigeos')
  @RequirePermission('ventas.view')
  ubigeos(@Query() query: UbigeoQueryDto) {
    return { success: true, data: searchUbigeos(query.q ?? '', query.limit) };
  }
}
