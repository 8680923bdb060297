import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { CreateUsuarioDto, UpdateUsuarioDto } from './dto/usuario.dto';
import { toUsuarioResponse } from './usuario.mapper';
import { UsuariosService } from './usuarios.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { USUARIOS_DOCS } from './usuarios.openapi';

@ApiTags('usuarios')
@ApiBearerAuth()
@ApiDocs(USUARIOS_DOCS)
@Controller('usuarios')
export class UsuariosController {
  constructor(private readonly usuarios: UsuariosService) {}

  @Get()
  @RequirePermission('usuarios.view')
  async list(@EmpresaActual() empresaId: number) {
    return { success: true, data: (await this.usuarios.list(empresaId)).map(toUsuarioResponse) };
  }

  @Get(':id')
  @RequirePermission('usuarios.view')
  async get(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toUsuarioResponse(await this.usuarios.get(auth, id)) };
  }

  @Post()
  @RequirePermission('usuarios.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateUsuarioDto) {
    return { success: true, message: 'Usuario creado correctamente.', data: toUsuarioResponse(await this.usuarios.create(auth, dto)) };
  }

  @Put(':id')
  @RequirePermission('usuarios.edit')
  async update(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateUsuarioDto) {
    return { success: true, message: 'Usuario actualizado correctamente.', data: toUsuarioResponse(await this.usuarios.update(auth, id, dto)) };
  }

  @Delete(':id')
  @RequirePermission('usuarios.delete')
  async remove(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.usuarios.remove(auth, id);
    return { success: true, message: 'Usuario eliminado correctamente.' };
  }
}
