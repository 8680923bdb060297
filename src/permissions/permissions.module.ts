import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Permission } from './entities/permission.entity';
import { RolePermission } from './entities/role-permission.entity';
import { Role } from './entities/role.entity';
import { PermissionsController } from './permissions.controller';
import { PermissionsService } from './permissions.service';
import { RolesController } from './roles.controller';
import { RolesService } from './roles.service';

@Module({
  imports: [TypeOrmModule.forFeature([Permission, Role, RolePermission])],
  controllers: [PermissionsController, RolesController],
  providers: [PermissionsService, RolesService],
  exports: [PermissionsService, RolesService],
})
export class PermissionsModule {}
