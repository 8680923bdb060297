import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import type { AuthContext } from '@/common/context/request-context';
import { CreateGuiaDto } from './dto/create-guia.dto';
import { ListGuiasQueryDto } from './dto/list-guias.dto';
import { toGuiaResponse } from './guia.mapper';
import { ArchivoGuia, GuiaArchivosService } from './guia-archivos.service';
import { GuiaCreacionService } from './guia-creacion.service';
import { GuiaEnvioService } from './guia-envio.service';
import { GuiaTicketService } from './guia-ticket.service';
import { GuiaConsultaService } from './guia-consulta.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { GUIAS_DOCS } from './guias-remision.openapi';
import { EnvioSunat } from '@/sunat/nest/envio-sunat.interceptor';

const download = (file: ArchivoGuia, type: string, disposition: 'inline' | 'attachment') =>
  new StreamableFile(file.contenido, { type, disposition: `${disposition}; filename="${file.nombre}"`, length: file.contenido.length });

@ApiTags('guias-remision')
@ApiBearerAuth()
@ApiDocs(GUIAS_DOCS)
@Controller('guias-remision')
export class GuiasRemisionController {
  constructor(
    private readonly query: GuiaConsultaService,
    private readonly creacion: GuiaCreacionService,
    private readonly envio: GuiaEnvioService,
    private readonly tickets: GuiaTicketService,
    private readonly archivos: GuiaArchivosService,
  ) {}

  @Get()
  @RequirePermission('ventas.view')
  async list(@EmpresaActual() empresaId: number, @Query() query: ListGuiasQueryDto) {
    const { rows, meta } = await this.query.list(empresaId, query);
    return { success: true, data: rows.map(toGuiaResponse), meta };
  }

  @Post()
  @RequirePermission('ventas.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateGuiaDto) {
    const { guia, xml } = await this.creacion.create(auth.empresaId, auth.userId, dto);
    return { success: true, data: toGuiaResponse(guia), xml };
  }

  @Get('xml/:nombre')
  @RequirePermission('ventas.view')
  async xml(@EmpresaActual() empresaId: number, @Param('nombre') nombre: string) {
    return download(await this.archivos.xml(empresaId, nombre), 'application/xml; charset=utf-8', 'inline');
  }

  @Get(':id')
  @RequirePermission('ventas.view')
  async get(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toGuiaResponse(await this.query.get(empresaId, id)) };
  }

  @Post(':id/enviar')
  @HttpCode(200)
  @EnvioSunat()
  @RequirePermission('ventas.create')
  enviar(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return this.envio.enviar(empresaId, id);
  }

  @Post(':id/consultar-ticket')
  @HttpCode(200)
  @RequirePermission('ventas.create')
  consultarTicket(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return this.tickets.resolve(empresaId, id);
  }

  @Get(':id/cdr')
  @RequirePermission('ventas.view')
  async cdr(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return download(await this.archivos.cdr(empresaId, id), 'application/zip', 'attachment');
  }
}
