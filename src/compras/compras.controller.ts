import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { CompraQueryDto, CreateCompraDto } from './dto/compra.dto';
import { ComprasService } from './compras.service';
import { RegistroComprasService } from './registro-compras.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { COMPRAS_DOCS } from './compras.openapi';

@ApiTags('compras')
@ApiBearerAuth()
@ApiDocs(COMPRAS_DOCS)
@Controller('compras')
export class ComprasController {
  constructor(
    private readonly compras: ComprasService,
    private readonly registro: RegistroComprasService,
  ) {}

  @Get()
  @RequirePermission('compras.view')
  async list(@EmpresaActual() empresaId: number, @Query() query: CompraQueryDto) {
    return { success: true, ...(await this.compras.list(empresaId, query)) };
  }

  @Get(':id')
  @RequirePermission('compras.view')
  async get(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: await this.compras.get(empresaId, id) };
  }

  @Post()
  @RequirePermission('compras.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateCompraDto) {
    const id = await this.registro.create(auth.empresaId, auth.userId, dto);
    return { success: true, message: 'Compra registrada correctamente.', data: await this.compras.get(auth.empresaId, id) };
  }

  @Put(':id')
  @RequirePermission('compras.edit')
  async update(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: CreateCompraDto) {
    await this.registro.update(auth.empresaId, auth.userId, id, dto);
    return { success: true, message: 'Compra actualizada correctamente.', data: await this.compras.get(auth.empresaId, id) };
  }

  /** Same as anular: a purchase is never erased, it is annulled and its stock reversed. */
  @Delete(':id')
  @RequirePermission('compras.delete')
  async remove(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.registro.anular(auth.empresaId, auth.userId, id);
    return { success: true, message: 'Compra anulada correctamente.', data: await this.compras.get(auth.empresaId, id) };
  }

  @Post(':id/anular')
  @HttpCode(200)
  @RequirePermission('compras.delete')
  async anular(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.registro.anular(auth.empresaId, auth.userId, id);
    return { success: true, message: 'Compra anulada correctamente.', data: await this.compras.get(auth.empresaId, id) };
  }
}
