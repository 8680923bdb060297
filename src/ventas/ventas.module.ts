import { Module } from '@nestjs/common';
import { AnulacionModule } from '@/anulacion/anulacion.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientesModule } from '@/clientes/clientes.module';
import { CotizacionesModule } from '@/cotizaciones/cotizaciones.module';
import { EmpresasModule } from '@/empresas/empresas.module';
import { ProductosModule } from '@/productos/productos.module';
import { SeriesModule } from '@/series/series.module';
import { SunatModule } from '@/sunat/sunat.module';
import { Venta } from './entities/venta.entity';
import { VentaDetalle } from './entities/venta-detalle.entity';
import { VentaAnticiposService } from './venta-anticipos.service';
import { VentaAnulacionService } from './venta-anulacion.service';
import { VentaEnvioAdaptador } from './venta-envio.adaptador';
import { VentaAnulacionCanalService } from './venta-anulacion-canal.service';
import { VentaArchivosService } from './venta-archivos.service';
import { VentaBusquedaService } from './venta-busqueda.service';
import { VentaClienteService } from './venta-cliente.service';
import { VentaConsultaService } from './venta-consulta.service';
import { VentaCorreoService } from './venta-correo.service';
import { VentaContenidoService } from './venta-contenido.service';
import { VentaCotizacionService } from './venta-cotizacion.service';
import { VentaCreacionService } from './venta-creacion.service';
import { VentaEdicionService } from './venta-edicion.service';
import { VentaEnvioService } from './venta-envio.service';
import { VentaLineasService } from './venta-lineas.service';
import { VentaStockService } from './venta-stock.service';
import { VentaViewService } from './venta-view.service';
import { VentaXmlService } from './venta-xml.service';
import { VentasController } from './ventas.controller';
import { VentasService } from './ventas.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Venta, VentaDetalle]),
    ClientesModule,
    ProductosModule,
    CotizacionesModule,
    EmpresasModule,
    SeriesModule,
    SunatModule,
    AnulacionModule,
  ],
  // Controllers with fixed paths under /ventas (exportar-*) go BEFORE VentasController (see its comment).
  controllers: [VentasController],
  providers: [
    VentaEnvioAdaptador,
    VentasService,
    VentaViewService,
    VentaConsultaService,
    VentaCreacionService,
    VentaEdicionService,
    VentaAnulacionService,
    VentaAnulacionCanalService,
    VentaEnvioService,
    VentaArchivosService,
    VentaCorreoService,
    VentaClienteService,
    VentaLineasService,
    VentaContenidoService,
    VentaCotizacionService,
    VentaStockService,
    VentaXmlService,
    VentaBusquedaService,
    VentaAnticiposService,
  ],
  exports: [VentasService, VentaBusquedaService, VentaArchivosService],
})
export class VentasModule {}
