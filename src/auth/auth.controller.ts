import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthContext } from '@/common/context/request-context';
import { Auth } from '@/common/decorators/auth-context.decorator';
import { Public } from '@/common/decorators/public.decorator';
import { AuthService } from './auth.service';
import { clientAddress } from './auth-limits';
import { ChangePasswordDto, LoginDto, SwitchEmpresaDto } from './dto/auth.dto';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { AUTH_DOCS } from './auth.openapi';

@ApiTags('auth')
@ApiDocs(AUTH_DOCS)
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Req() req: Request) {
    return this.auth.login(dto.user, dto.password, clientAddress(req));
  }

  @ApiBearerAuth()
  @Get('verify')
  verify(@Auth() auth: AuthContext) {
    return { success: true, user_id: auth.userId, rol_id: auth.rolId, id_empresa: auth.empresaId };
  }

  @ApiBearerAuth()
  @Post('refresh')
  @HttpCode(200)
  refresh(@Auth() auth: AuthContext) {
    return this.auth.refresh(auth);
  }

  /** The caller's own password; other sessions are closed. */
  @ApiBearerAuth()
  @Post('auth/password')
  @HttpCode(200)
  changePassword(@Auth() auth: AuthContext, @Body() dto: ChangePasswordDto, @Req() req: Request) {
    return this.auth.changePassword(auth, dto.password_actual, dto.password, clientAddress(req));
  }

  @ApiBearerAuth()
  @Post(['auth/logout', 'logout'])
  @HttpCode(200)
  logout(@Auth() auth: AuthContext) {
    return this.auth.logout(auth);
  }

  @ApiBearerAuth()
  @Post(['auth/switch-empresa', 'switch-empresa'])
  @HttpCode(200)
  switchEmpresa(@Auth() auth: AuthContext, @Body() dto: SwitchEmpresaDto) {
    return this.auth.switchEmpresa(auth, dto.id_empresa);
  }
}
