import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MOTIVO_ANULACION_DEFECTO } from '@/anulacion/anulacion-textos';
import { AnularDto } from '@/anulacion/dto/anular.dto';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { CreateVentaDto, UpdateVentaDto } from './dto/create-venta.dto';
import { VentaQueryDto } from './dto/venta-query.dto';
import { ArchivoVenta, VentaArchivosService } from './venta-archivos.service';
import { VentaAnulacionService } from './venta-anulacion.service';
import { VentaAnulacionCanalService } from './venta-anulacion-canal.service';
import { VentaConsultaService } from './venta-consulta.service';
import { VentaCreacionService } from './venta-creacion.service';
import { VentaEdicionService } from './venta-edicion.service';
import { VentaEnvioService } from './venta-envio.service';
import { VentaCorreoService } from './venta-correo.service';
import { correoEncolado } from '@/correos/cola-correos.service';
import { EnviarCorreoDto } from '@/correos/dto/enviar-correo.dto';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { VENTAS_DOCS } from './ventas.openapi';
import { EnvioSunat } from '@/sunat/nest/envio-sunat.interceptor';

/**
 * /api/ventas. Routes with a fixed second segment (exportar-excel, exportar-pdf: issue 10) must be
 * registered BEFORE this controller's ':id' routes: Express 5 has no regex params and ParseIntPipe answers
 * 400 instead of falling through. Put them in a controller listed before VentasController in VentasModule.
 */
@ApiTags('ventas')
@ApiBearerAuth()
@ApiDocs(VENTAS_DOCS)
@Controller('ventas')
export class VentasController {
  constructor(
    private readonly consulta: VentaConsultaService,
    private readonly creacion: VentaCreacionService,
    private readonly edicion: VentaEdicionService,
    private readonly anulacion: VentaAnulacionService,
    private readonly anulacionCanal: VentaAnulacionCanalService,
    private readonly envio: VentaEnvioService,
    private readonly archivos: VentaArchivosService,
    private readonly correo: VentaCorreoService,
  ) {}

  @Get()
  @RequirePermission('ventas.view')
  async list(@EmpresaActual() empresaId: number, @Query() query: VentaQueryDto) {
    return { success: true, ...(await this.consulta.list(empresaId, query)) };
  }

  @Post()
  @RequirePermission('ventas.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateVentaDto) {
    const { venta, xml } = await this.creacion.create(auth, dto);
    return { success: true, message: 'Venta registrada correctamente.', data: venta, xml };
  }

  @Get(':id')
  @RequirePermission('ventas.view')
  async get(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: await this.consulta.getConCorreo(empresaId, id) };
  }

  @Put(':id')
  @RequirePermission('ventas.edit')
  async update(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateVentaDto) {
    const { venta, xml } = await this.edicion.update(auth, id, dto);
    return { success: true, message: 'Venta actualizada correctamente.', data: venta, xml };
  }

  @Delete(':id')
  @RequirePermission('ventas.delete')
  async remove(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.edicion.remove(auth, id);
    return { success: true, message: 'Venta eliminada correctamente.' };
  }

  @Post(':id/anular')
  @HttpCode(200)
  @RequirePermission('ventas.delete')
  async anular(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: AnularDto, @Res({ passthrough: true }) res: Response) {
    const { status, body } = await this.anulacionCanal.anular(auth, id, dto.motivo ?? MOTIVO_ANULACION_DEFECTO);
    res.status(status);
    return body;
  }

  @Post(':id/descontar-stock')
  @HttpCode(200)
  @RequirePermission('ventas.edit')
  async descontarStock(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return { success: true, message: 'Stock descontado correctamente.', data: await this.anulacion.descontarStock(auth, id) };
  }

  @Post(':id/enviar')
  @HttpCode(200)
  @EnvioSunat()
  @RequirePermission('ventas.create')
  enviar(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return this.envio.enviar(empresaId, id);
  }

  @Post(':id/enviar-correo')
  @HttpCode(202)
  @RequirePermission('ventas.create')
  async enviarCorreo(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Body() dto: EnviarCorreoDto) {
    return correoEncolado(await this.correo.solicitar(empresaId, id, dto));
  }

  @Get(':id/xml')
  @RequirePermission('ventas.view')
  async xml(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return archivo(await this.archivos.xml(empresaId, id));
  }

  @Get(':id/cdr')
  @RequirePermission('ventas.view')
  async cdr(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return archivo(await this.archivos.cdr(empresaId, id));
  }
}

function archivo(a: ArchivoVenta): StreamableFile {
  return new StreamableFile(a.data, { type: a.contentType, disposition: `attachment; filename="${a.nombre}"`, length: a.data.length });
}
