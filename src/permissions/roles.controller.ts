import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { UsuariosService } from '@/usuarios/usuarios.service';
import { RoleDto } from './dto/permissions.dto';
import { toRoleResponse } from './permission.mapper';
import { RolesService } from './roles.service';

@ApiTags('roles')
@ApiBearerAuth()
@Controller('roles')
export class RolesController {
  constructor(
    private readonly roles: RolesService,
    private readonly usuarios: UsuariosService,
  ) {}

  @Get()
  @RequirePermission('usuarios.view')
  async list() {
    return { success: true, data: (await this.roles.list()).map(toRoleResponse) };
  }

  @Get(':id')
  @RequirePermission('usuarios.view')
  async get(@Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toRoleResponse(await this.roles.get(id)) };
  }

  @Post()
  @RequirePermission('usuarios.create')
  async create(@Body() dto: RoleDto) {
    return { success: true, message: 'Rol creado correctamente.', data: toRoleResponse(await this.roles.create(dto)) };
  }

  @Put(':id')
  @RequirePermission('usuarios.edit')
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: RoleDto) {
    return { success: true, message: 'Rol actualizado correctamente.', data: toRoleResponse(await this.roles.update(id, dto)) };
  }

  @Delete(':id')
  @RequirePermission('usuarios.delete')
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.roles.remove(id, await this.usuarios.countByRole(id));
    return { success: true, message: 'Rol eliminado correctamente.' };
  }
}
