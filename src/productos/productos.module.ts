import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MovimientoStock } from './entities/movimiento-stock.entity';
import { Producto } from './entities/producto.entity';
import { MovimientosStockController } from './movimientos-stock.controller';
import { ProductosImportService } from './productos-import.service';
import { ProductosController } from './productos.controller';
import { ProductosService } from './productos.service';
import { StockService } from './stock.service';

@Module({
  imports: [TypeOrmModule.forFeature([Producto, MovimientoStock])],
  controllers: [ProductosController, MovimientosStockController],
  providers: [ProductosService, StockService, ProductosImportService],
  exports: [ProductosService, StockService],
})
export class ProductosModule {}
