import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresasModule } from '@/empresas/empresas.module';
import { ProductosModule } from '@/productos/productos.module';
import { ProveedoresModule } from '@/proveedores/proveedores.module';
import { Compra } from './entities/compra.entity';
import { CompraDetalle } from './entities/compra-detalle.entity';
import { ComprasController } from './compras.controller';
import { ComprasService } from './compras.service';
import { RegistroComprasService } from './registro-compras.service';

@Module({
  imports: [TypeOrmModule.forFeature([Compra, CompraDetalle]), ProveedoresModule, ProductosModule, EmpresasModule],
  controllers: [ComprasController],
  providers: [ComprasService, RegistroComprasService],
  exports: [ComprasService],
})
export class ComprasModule {}
