import { Body, Controller, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { NotaServicios } from '@/notas/nota-servicios';
import { NotasControllerBase } from '@/notas/notas.controller-base';
import { CreateNotaCreditoDto } from './dto/create-nota-credito.dto';
import { NOTA_CREDITO } from './nota-credito.kind';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { NOTAS_CREDITO_DOCS } from '@/notas/notas.openapi';

/** /api/notas-credito: create here; list, detail, enviar, cdr, xml, motivos and buscar-venta from the base. */
@ApiTags('notas-credito')
@ApiBearerAuth()
@ApiDocs(NOTAS_CREDITO_DOCS)
@Controller('notas-credito')
export class NotasCreditoController extends NotasControllerBase(NOTA_CREDITO) {
  constructor(notas: NotaServicios) {
    super(notas);
  }

  @Post()
  @RequirePermission('ventas.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateNotaCreditoDto) {
    return this.creada(await this.notas.creacion.crear(NOTA_CREDITO, auth, dto));
  }
}
