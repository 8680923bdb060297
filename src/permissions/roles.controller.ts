import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { RoleDto } from './dto/permissions.dto';
import { toRoleResponse } from './permission.mapper';
import { RolesService } from './roles.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { ROLES_DOCS } from './permissions.openapi';

@ApiTags('roles')
@ApiBearerAuth()
@ApiDocs(ROLES_DOCS)
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @RequirePermission('usuarios.view')
  async list(@Auth() auth: AuthContext) {
    return { success: true, data: (await this.roles.list(auth)).map(toRoleResponse) };
  }

  @Get(':id')
  @RequirePermission('usuarios.view')
  async get(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toRoleResponse(await this.roles.get(auth, id)) };
  }

  @Post()
  @RequirePermission('usuarios.create')
  async create(@Auth() auth: AuthContext, @Body() dto: RoleDto) {
    return { success: true, message: 'Rol creado correctamente.', data: toRoleResponse(await this.roles.create(auth, dto)) };
  }

  @Put(':id')
  @RequirePermission('usuarios.edit')
  async update(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: RoleDto) {
    return { success: true, message: 'Rol actualizado correctamente.', data: toRoleResponse(await this.roles.update(auth, id, dto)) };
  }

  @Delete(':id')
  @RequirePermission('usuarios.delete')
  async remove(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.roles.remove(auth, id);
    return { success: true, message: 'Rol eliminado correctamente.' };
  }
}
