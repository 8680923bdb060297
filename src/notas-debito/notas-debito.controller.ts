import { Body, Controller, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { NotaServicios } from '@/notas/nota-servicios';
import { NotasControllerBase } from '@/notas/notas.controller-base';
import { CreateNotaDebitoDto } from './dto/create-nota-debito.dto';
import { NOTA_DEBITO } from './nota-debito.kind';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { NOTAS_DEBITO_DOCS } from '@/notas/notas.openapi';

/** /api/notas-debito: create here (with monto_total); the other routes from the base, as for credit notes. */
@ApiTags('notas-debito')
@ApiBearerAuth()
@ApiDocs(NOTAS_DEBITO_DOCS)
@Controller('notas-debito')
export class NotasDebitoController extends NotasControllerBase(NOTA_DEBITO) {
  constructor(notas: NotaServicios) {
    super(notas);
  }

  @Post()
  @RequirePermission('ventas.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateNotaDebitoDto) {
    return this.creada(await this.notas.creacion.crear(NOTA_DEBITO, auth, dto));
  }
}
