import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PermissionsModule } from '@/permissions/permissions.module';
import { User } from './entities/user.entity';
import { PasswordHasher, passwordHasherSettings } from './password-hasher';
import { UsuariosController } from './usuarios.controller';
import { UsuariosService } from './usuarios.service';

@Module({
  imports: [TypeOrmModule.forFeature([User]), PermissionsModule],
  controllers: [UsuariosController],
  providers: [UsuariosService, { provide: PasswordHasher, useFactory: () => new PasswordHasher(passwordHasherSettings()) }],
  exports: [UsuariosService],
})
export class UsuariosModule {}
