import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresasModule } from '@/empresas/empresas.module';
import { PermissionsModule } from '@/permissions/permissions.module';
import { UsuariosModule } from '@/usuarios/usuarios.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { BearerOrQueryStrategy, BearerStrategy } from './bearer.strategy';
import { LoginThrottle } from './entities/login-throttle.entity';
import { PersonalAccessToken } from './entities/personal-access-token.entity';
import { LoginThrottleService } from './login-throttle.service';
import { TokensService } from './tokens.service';

@Module({
  imports: [PassportModule, TypeOrmModule.forFeature([PersonalAccessToken, LoginThrottle]), UsuariosModule, EmpresasModule, PermissionsModule],
  controllers: [AuthController],
  providers: [AuthService, TokensService, LoginThrottleService, BearerStrategy, BearerOrQueryStrategy, AuthGuard],
  exports: [AuthGuard, TokensService],
})
export class AuthModule {}
