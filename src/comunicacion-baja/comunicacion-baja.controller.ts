import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ConsultarTicketDto } from '@/lotes-sunat/dto/consultar-ticket.dto';
import { TicketService } from '@/lotes-sunat/ticket.service';
import { ComunicacionBajaService } from './comunicacion-baja.service';
import { ComunicacionBajaDto } from './dto/comunicacion-baja.dto';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { COMUNICACION_BAJA_DOCS } from './comunicacion-baja.openapi';

@ApiTags('comunicacion-baja')
@ApiBearerAuth()
@ApiDocs(COMUNICACION_BAJA_DOCS)
@Controller('comunicacion-baja')
export class ComunicacionBajaController {
  constructor(
    private readonly bajas: ComunicacionBajaService,
    private readonly tickets: TicketService,
  ) {}

  @Post()
  @HttpCode(200)
  @RequirePermission('ventas.delete')
  enviar(@Auth() auth: AuthContext, @Body() dto: ComunicacionBajaDto) {
    return this.bajas.enviar(auth, dto);
  }

  @Post('consultar-ticket')
  @HttpCode(200)
  @RequirePermission('ventas.create')
  consultar(@EmpresaActual() empresaId: number, @Body() dto: ConsultarTicketDto) {
    return this.tickets.consultar(empresaId, dto.ticket);
  }
}
