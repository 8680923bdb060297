import { Body, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { MOTIVO_ANULACION_DEFECTO } from '@/anulacion/anulacion-textos';
import { AnularDto } from '@/anulacion/dto/anular.dto';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { BuscarVentaDto } from './dto/buscar-venta.dto';
import { NotaQueryDto } from './dto/nota-query.dto';
import { ArchivoNota } from './nota-archivos.service';
import { NotaCreada } from './nota-creacion.service';
import { NotaKind } from './nota-kind';
import { MSG_NOTA } from './nota-messages';
import { NotaServicios } from './nota-servicios';
import { EnvioSunat } from '@/sunat/nest/envio-sunat.interceptor';
import { correoEncolado } from '@/correos/cola-correos.service';
import { EnviarCorreoDto } from '@/correos/dto/enviar-correo.dto';

/**
 * The routes both note kinds share (API.md: GETs ventas.view, POSTs ventas.create, anular ventas.delete). Each
 * kind's controller extends this and adds its create (the bodies differ). Fixed paths (motivos, buscar-venta, xml/...) are
 * declared before ':id': Express 5 has no regex params and ParseIntPipe would answer 422 for 'motivos'.
 */
export function NotasControllerBase(kind: NotaKind) {
  abstract class NotasController {
    constructor(protected readonly notas: NotaServicios) {}

    protected creada({ nota, xml }: NotaCreada) {
      return { success: true, message: MSG_NOTA.creada(kind), data: nota, xml };
    }

    @Get('motivos')
    @RequirePermission('ventas.view')
    async motivos() {
      return { success: true, data: await this.notas.consulta.motivosActivos(kind) };
    }

    @Get('buscar-venta')
    @RequirePermission('ventas.view')
    async buscarVenta(@EmpresaActual() empresaId: number, @Query() query: BuscarVentaDto) {
      return { success: true, venta: await this.notas.consulta.buscarVenta(empresaId, query) };
    }

    @Get('xml/:nombre')
    @RequirePermission('ventas.view')
    async xml(@EmpresaActual() empresaId: number, @Param('nombre') nombre: string) {
      return archivo(await this.notas.archivos.xml(kind, empresaId, nombre), 'inline');
    }

    @Get()
    @RequirePermission('ventas.view')
    async list(@EmpresaActual() empresaId: number, @Query() query: NotaQueryDto) {
      return { success: true, ...(await this.notas.consulta.list(kind, empresaId, query)) };
    }

    @Get(':id')
    @RequirePermission('ventas.view')
    async detail(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
      return { success: true, data: await this.notas.consulta.detalleConCorreo(kind, empresaId, id) };
    }

    @Post(':id/enviar')
    @EnvioSunat()
    @HttpCode(200)
    @RequirePermission('ventas.create')
    enviar(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
      return this.notas.envio.enviar(kind, empresaId, id);
    }

    /** Voids the note at SUNAT (docs/API.md "Voids without choosing the channel"); 202 while SUNAT has not answered. */
    @Post(':id/anular')
    @HttpCode(200)
    @RequirePermission('ventas.delete')
    async anular(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: AnularDto, @Res({ passthrough: true }) res: Response) {
      const { status, body } = await this.notas.anulacion.anular(kind, auth, id, dto.motivo ?? MOTIVO_ANULACION_DEFECTO);
      res.status(status);
      return body;
    }

    @Post(':id/enviar-correo')
    @HttpCode(202)
    @RequirePermission('ventas.create')
    async enviarCorreo(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Body() dto: EnviarCorreoDto) {
      return correoEncolado(await this.notas.correo.solicitar(kind, empresaId, id, dto));
    }

    @Get(':id/cdr')
    @RequirePermission('ventas.view')
    async cdr(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
      return archivo(await this.notas.archivos.cdr(kind, empresaId, id), 'attachment');
    }
  }
  return NotasController;
}

function archivo(a: ArchivoNota, disposition: 'inline' | 'attachment'): StreamableFile {
  const type = a.contentType === 'application/xml' ? 'application/xml; charset=utf-8' : a.contentType;
  return new StreamableFile(a.data, { type, disposition: `${disposition}; filename="${a.nombre}"`, length: a.data.length });
}
