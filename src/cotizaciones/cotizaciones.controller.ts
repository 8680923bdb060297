import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { CambiarEstadoDto, CreateCotizacionDto, UpdateCotizacionDto } from './dto/cotizacion-body.dto';
import { CotizacionListQueryDto } from './dto/cotizacion-query.dto';
import { toCotizacionListadoResponse, toCotizacionResponse } from './cotizacion.mapper';
import { CotizacionesService } from './cotizaciones.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { COTIZACIONES_DOCS } from './cotizaciones.openapi';

@ApiTags('cotizaciones')
@ApiBearerAuth()
@ApiDocs(COTIZACIONES_DOCS)
@Controller('cotizaciones')
export class CotizacionesController {
  constructor(private readonly cotizaciones: CotizacionesService) {}

  @Get()
  @RequirePermission('cotizaciones.view')
  async list(@EmpresaActual() empresaId: number, @Query() query: CotizacionListQueryDto) {
    const { rows, meta } = await this.cotizaciones.list(empresaId, query);
    return { success: true, data: rows.map(toCotizacionListadoResponse), meta };
  }

  /** SPEC.md: authentication only. Declared before ':id' so the path is not read as an id. */
  @Get('proximo-numero')
  async proximoNumero(@EmpresaActual() empresaId: number) {
    return { success: true, numero: await this.cotizaciones.proximoNumero(empresaId) };
  }

  @Get(':id')
  @RequirePermission('cotizaciones.view')
  async get(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toCotizacionResponse(await this.cotizaciones.detalle(empresaId, id)) };
  }

  @Post()
  @RequirePermission('cotizaciones.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateCotizacionDto) {
    const data = toCotizacionResponse(await this.cotizaciones.create(auth.empresaId, auth.userId, dto));
    return { success: true, message: 'Cotización creada correctamente.', data };
  }

  @Put(':id')
  @RequirePermission('cotizaciones.edit')
  async update(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateCotizacionDto) {
    const data = toCotizacionResponse(await this.cotizaciones.update(empresaId, id, dto));
    return { success: true, message: 'Cotización actualizada correctamente.', data };
  }

  @Delete(':id')
  @RequirePermission('cotizaciones.delete')
  async remove(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    await this.cotizaciones.rechazar(empresaId, id);
    return { success: true, message: 'Cotización marcada como rechazada.' };
  }

  /** A state change on an existing record, not a creation: 200. */
  @Post(':id/estado')
  @HttpCode(200)
  @RequirePermission('cotizaciones.edit')
  async estado(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Body() dto: CambiarEstadoDto) {
    const data = toCotizacionResponse(await this.cotizaciones.cambiarEstado(empresaId, id, dto.estado));
    return { success: true, message: `Estado de la cotización actualizado a ${dto.estado}.`, data };
  }
}
