import { Body, Controller, Get, Param, ParseIntPipe, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth } from '@/common/decorators/auth-context.decorator';
import { AdminOnly } from '@/common/decorators/require-permission.decorator';
import { ReplacePermissionsDto } from './dto/permissions.dto';
import { toPermissionResponse } from './permission.mapper';
import { PermissionsService } from './permissions.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { PERMISSIONS_DOCS } from './permissions.openapi';

@ApiTags('permissions')
@ApiBearerAuth()
@ApiDocs(PERMISSIONS_DOCS)
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get()
  @AdminOnly()
  async all() {
    return { success: true, data: (await this.permissions.all()).map(toPermissionResponse) };
  }

  /** The caller's effective permissions (administrators: all of them). */
  @Get('user')
  async mine(@Auth() auth: AuthContext) {
    const names = auth.isAdmin ? await this.permissions.allNames() : auth.permissions;
    return { success: true, rol_id: auth.rolId, permissions: names };
  }

  @Get('role/:rolId')
  @AdminOnly()
  async forRole(@Param('rolId', ParseIntPipe) rolId: number) {
    const permissions = await this.permissions.forRoleOrFail(rolId);
    return { success: true, rol_id: rolId, permissions: permissions.map((p) => p.name), data: permissions.map(toPermissionResponse) };
  }

  @Put('role/:rolId')
  @AdminOnly()
  async replace(@Param('rolId', ParseIntPipe) rolId: number, @Body() dto: ReplacePermissionsDto) {
    const permissions = await this.permissions.replaceForRole(rolId, dto.permissions);
    return {
      success: true,
      message: 'Permisos actualizados correctamente.',
      rol_id: rolId,
      permissions: permissions.map((p) => p.name),
      data: permissions.map(toPermissionResponse),
    };
  }
}
