import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ListQueryDto } from '@/common/pagination';
import { CreateClienteDto, UpdateClienteDto } from './dto/cliente.dto';
import { toClienteResponse } from './cliente.mapper';
import { ClientesService } from './clientes.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { CLIENTES_DOCS } from './clientes.openapi';

@ApiTags('clientes')
@ApiBearerAuth()
@ApiDocs(CLIENTES_DOCS)
@Controller('clientes')
export class ClientesController {
  constructor(private readonly clientes: ClientesService) {}

  @Get()
  @RequirePermission('clientes.view')
  async list(@EmpresaActual() empresaId: number, @Query() query: ListQueryDto) {
    const { rows, meta } = await this.clientes.list(empresaId, query);
    return { success: true, data: rows.map(toClienteResponse), meta };
  }

  @Get(':id')
  @RequirePermission('clientes.view')
  async get(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toClienteResponse(await this.clientes.get(empresaId, id)) };
  }

  @Post()
  @RequirePermission('clientes.create')
  async create(@EmpresaActual() empresaId: number, @Body() dto: CreateClienteDto) {
    return { success: true, message: 'Cliente creado correctamente.', data: toClienteResponse(await this.clientes.create(empresaId, dto)) };
  }

  @Put(':id')
  @RequirePermission('clientes.edit')
  async update(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateClienteDto) {
    return { success: true, message: 'Cliente actualizado correctamente.', data: toClienteResponse(await this.clientes.update(empresaId, id, dto)) };
  }

  @Delete(':id')
  @RequirePermission('clientes.delete')
  async remove(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    await this.clientes.remove(empresaId, id);
    return { success: true, message: 'Cliente eliminado correctamente.' };
  }
}
