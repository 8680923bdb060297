import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ConsultarTicketDto } from '@/lotes-sunat/dto/consultar-ticket.dto';
import { TicketService } from '@/lotes-sunat/ticket.service';
import { ResumenDiarioDto } from './dto/resumen-diario.dto';
import { ResumenDiarioService } from './resumen-diario.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { RESUMEN_DIARIO_DOCS } from './resumen-diario.openapi';

@ApiTags('resumen-diario')
@ApiBearerAuth()
@ApiDocs(RESUMEN_DIARIO_DOCS)
@Controller('resumen-diario')
export class ResumenDiarioController {
  constructor(
    private readonly resumenes: ResumenDiarioService,
    private readonly tickets: TicketService,
  ) {}

  @Post()
  @HttpCode(200)
  @RequirePermission('ventas.create')
  enviar(@Auth() auth: AuthContext, @Body() dto: ResumenDiarioDto) {
    return this.resumenes.enviar(auth, dto);
  }

  @Post('anular')
  @HttpCode(200)
  @RequirePermission('ventas.delete')
  anular(@Auth() auth: AuthContext, @Body() dto: ResumenDiarioDto) {
    return this.resumenes.anular(auth, dto);
  }

  @Post('consultar-ticket')
  @HttpCode(200)
  @RequirePermission('ventas.create')
  consultar(@EmpresaActual() empresaId: number, @Body() dto: ConsultarTicketDto) {
    return this.tickets.consultar(empresaId, dto.ticket);
  }
}
