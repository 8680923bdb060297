import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ConsultarTicketDto } from '@/lotes-sunat/dto/consultar-ticket.dto';
import { archivoLote, LoteArchivosService } from '@/lotes-sunat/lote-archivos.service';
import { ComunicacionBajaService } from './comunicacion-baja.service';
import { ComunicacionBajaDto } from './dto/comunicacion-baja.dto';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { COMUNICACION_BAJA_DOCS } from './comunicacion-baja.openapi';
import { EnvioSunat } from '@/sunat/nest/envio-sunat.interceptor';

@ApiTags('comunicacion-baja')
@ApiBearerAuth()
@ApiDocs(COMUNICACION_BAJA_DOCS)
@Controller('comunicacion-baja')
export class ComunicacionBajaController {
  constructor(
    private readonly bajas: ComunicacionBajaService,
    private readonly archivos: LoteArchivosService,
  ) {}

  @Post()
  @HttpCode(200)
  @EnvioSunat()
  @RequirePermission('ventas.delete')
  enviar(@Auth() auth: AuthContext, @Body() dto: ComunicacionBajaDto) {
    return this.bajas.enviar(auth, dto);
  }

  @Post('consultar-ticket')
  @HttpCode(200)
  @RequirePermission('ventas.create')
  consultar(@EmpresaActual() empresaId: number, @Body() dto: ConsultarTicketDto) {
    return this.bajas.consultarTicket(empresaId, dto.ticket);
  }

  /** The signed RA file of one of the active company's batches ('.xml' optional); 404 otherwise. */
  @Get('xml/:nombre')
  @RequirePermission('ventas.view')
  async xml(@EmpresaActual() empresaId: number, @Param('nombre') nombre: string) {
    return archivoLote(await this.archivos.xml('RA', empresaId, nombre));
  }

  /** SUNAT's receipt (CDR) of that batch's ticket, once the final answer came; 404 otherwise. */
  @Get('cdr/:nombre')
  @RequirePermission('ventas.view')
  async cdr(@EmpresaActual() empresaId: number, @Param('nombre') nombre: string) {
    return archivoLote(await this.archivos.cdr('RA', empresaId, nombre));
  }
}
