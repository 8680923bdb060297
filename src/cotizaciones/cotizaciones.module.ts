import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientesModule } from '@/clientes/clientes.module';
import { ProductosModule } from '@/productos/productos.module';
import { SeriesModule } from '@/series/series.module';
import { UsuariosModule } from '@/usuarios/usuarios.module';
import { ContenidoCotizacionService } from './contenido-cotizacion.service';
import { CotizacionesController } from './cotizaciones.controller';
import { CotizacionesService } from './cotizaciones.service';
import { Cotizacion } from './entities/cotizacion.entity';
import { CotizacionCuota } from './entities/cotizacion-cuota.entity';
import { CotizacionDetalle } from './entities/cotizacion-detalle.entity';
import { CotizacionListado } from './entities/cotizacion-listado.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([Cotizacion, CotizacionDetalle, CotizacionCuota, CotizacionListado]),
    ClientesModule,
    ProductosModule,
    SeriesModule,
    UsuariosModule,
  ],
  controllers: [CotizacionesController],
  providers: [CotizacionesService, ContenidoCotizacionService],
  exports: [CotizacionesService],
})
export class CotizacionesModule {}
