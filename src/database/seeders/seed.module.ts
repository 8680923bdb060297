import { Module } from '@nestjs/common';
import { EmpresasModule } from '@/empresas/empresas.module';
import { UsuariosModule } from '@/usuarios/usuarios.module';
import { AdminSeeder } from './admin.seeder';

@Module({ imports: [UsuariosModule, EmpresasModule], providers: [AdminSeeder] })
export class SeedModule {}
