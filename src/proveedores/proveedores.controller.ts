import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ListQueryDto } from '@/common/pagination';
import { CreateProveedorDto, UpdateProveedorDto } from './dto/proveedor.dto';
import { toProveedorResponse } from './proveedor.mapper';
import { ProveedoresService } from './proveedores.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { PROVEEDORES_DOCS } from './proveedores.openapi';

@ApiTags('proveedores')
@ApiBearerAuth()
@ApiDocs(PROVEEDORES_DOCS)
@Controller('proveedores')
export class ProveedoresController {
  constructor(private readonly proveedores: ProveedoresService) {}

  @Get()
  @RequirePermission('proveedores.view')
  async list(@EmpresaActual() empresaId: number, @Query() query: ListQueryDto) {
    const { rows, meta } = await this.proveedores.list(empresaId, query);
    return { success: true, data: rows.map(toProveedorResponse), meta };
  }

  @Get(':id')
  @RequirePermission('proveedores.view')
  async get(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toProveedorResponse(await this.proveedores.get(empresaId, id)) };
  }

  @Post()
  @RequirePermission('proveedores.create')
  async create(@EmpresaActual() empresaId: number, @Body() dto: CreateProveedorDto) {
    return { success: true, message: 'Proveedor creado correctamente.', data: toProveedorResponse(await this.proveedores.create(empresaId, dto)) };
  }

  @Put(':id')
  @RequirePermission('proveedores.edit')
  async update(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateProveedorDto) {
    return { success: true, message: 'Proveedor actualizado correctamente.', data: toProveedorResponse(await this.proveedores.update(empresaId, id, dto)) };
  }

  @Delete(':id')
  @RequirePermission('proveedores.delete')
  async remove(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    await this.proveedores.remove(empresaId, id);
    return { success: true, message: 'Proveedor eliminado correctamente.' };
  }
}
