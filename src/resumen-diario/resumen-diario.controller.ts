import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ConsultarTicketDto } from '@/lotes-sunat/dto/consultar-ticket.dto';
import { archivoLote, LoteArchivosService } from '@/lotes-sunat/lote-archivos.service';
import { ResumenDiarioDto } from './dto/resumen-diario.dto';
import { ResumenDiarioService } from './resumen-diario.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { RESUMEN_DIARIO_DOCS } from './resumen-diario.openapi';
import { EnvioSunat } from '@/sunat/nest/envio-sunat.interceptor';

@ApiTags('resumen-diario')
@ApiBearerAuth()
@ApiDocs(RESUMEN_DIARIO_DOCS)
@Controller('resumen-diario')
export class ResumenDiarioController {
  constructor(
    private readonly resumenes: ResumenDiarioService,
    private readonly archivos: LoteArchivosService,
  ) {}

  @Post()
  @HttpCode(200)
  @EnvioSunat()
  @RequirePermission('ventas.create')
  enviar(@Auth() auth: AuthContext, @Body() dto: ResumenDiarioDto) {
    return this.resumenes.enviar(auth, dto);
  }

  @Post('anular')
  @HttpCode(200)
  @EnvioSunat()
  @RequirePermission('ventas.delete')
  anular(@Auth() auth: AuthContext, @Body() dto: ResumenDiarioDto) {
    return this.resumenes.anular(auth, dto);
  }

  @Post('consultar-ticket')
  @HttpCode(200)
  @RequirePermission('ventas.create')
  consultar(@EmpresaActual() empresaId: number, @Body() dto: ConsultarTicketDto) {
    return this.resumenes.consultarTicket(empresaId, dto.ticket);
  }

  /** The signed RC file of one of the active company's batches ('.xml' optional); 404 otherwise. */
  @Get('xml/:nombre')
  @RequirePermission('ventas.view')
  async xml(@EmpresaActual() empresaId: number, @Param('nombre') nombre: string) {
    return archivoLote(await this.archivos.xml('RC', empresaId, nombre));
  }

  /** SUNAT's receipt (CDR) of that batch's ticket, once the final answer came; 404 otherwise. */
  @Get('cdr/:nombre')
  @RequirePermission('ventas.view')
  async cdr(@EmpresaActual() empresaId: number, @Param('nombre') nombre: string) {
    return archivoLote(await this.archivos.cdr('RC', empresaId, nombre));
  }
}
