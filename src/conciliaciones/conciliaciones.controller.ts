import { Body, Controller, Get, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { validarRango } from './conciliacion-rango';
import { CONCILIACIONES_DOCS } from './conciliaciones.openapi';
import { ConciliacionesService } from './conciliaciones.service';
import { CrearConciliacionDto } from './dto/crear-conciliacion.dto';

/** A report of the company's documents against SUNAT's records: the permission that reads reports (reportes.view). */
@ApiTags('conciliaciones')
@ApiBearerAuth()
@ApiDocs(CONCILIACIONES_DOCS)
@Controller('conciliaciones')
export class ConciliacionesController {
  constructor(private readonly conciliaciones: ConciliacionesService) {}

  @Post()
  @RequirePermission('reportes.view')
  async crear(@Auth() auth: AuthContext, @Body() dto: CrearConciliacionDto) {
    validarRango(dto.desde, dto.hasta);
    return { success: true, data: await this.conciliaciones.crear(auth.empresaId, auth.userId, dto.desde, dto.hasta) };
  }

  @Get(':id')
  @RequirePermission('reportes.view')
  async ver(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: await this.conciliaciones.ver(empresaId, id) };
  }
}
