import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientesModule } from '@/clientes/clientes.module';
import { EmpresasModule } from '@/empresas/empresas.module';
import { ColaCorreos } from './cola-correos.service';
import { Correo } from './correo.entity';

/** The mail queue every document module writes to (global, like the SUNAT send queue); the sender lives in CorreosModule. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Correo]), EmpresasModule, ClientesModule],
  providers: [ColaCorreos],
  exports: [ColaCorreos],
})
export class CorreosColaModule {}
