import { Module } from '@nestjs/common';
import { AnulacionModule } from '@/anulacion/anulacion.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresasModule } from '@/empresas/empresas.module';
import { SeriesModule } from '@/series/series.module';
import { VentasModule } from '@/ventas/ventas.module';
import { ProductosModule } from '@/productos/productos.module';
import { MotivoNota } from './entities/motivo-nota.entity';
import { NotaLinea } from './entities/nota-linea.entity';
import { MotivosNotaService } from './motivos-nota.service';
import { NotaAnulacionService } from './nota-anulacion.service';
import { NotaArchivosService } from './nota-archivos.service';
import { NotaBajaService } from './nota-baja.service';
import { NotaConsultaService } from './nota-consulta.service';
import { NotaCorreoService } from './nota-correo.service';
import { NotaCreacionService } from './nota-creacion.service';
import { NotaEnvioRegistro } from './nota-envio.adaptador';
import { NotaEnvioService } from './nota-envio.service';
import { NotaServicios } from './nota-servicios';
import { NotaLineasVentaService } from './nota-lineas-venta.service';

/** What credit and debit notes share; each kind's module brings its entity and controller. */
@Module({
  imports: [TypeOrmModule.forFeature([MotivoNota, NotaLinea]), EmpresasModule, SeriesModule, VentasModule, ProductosModule, AnulacionModule],
  providers: [
    MotivosNotaService,
    NotaConsultaService,
    NotaCreacionService,
    NotaEnvioService,
    NotaEnvioRegistro,
    NotaArchivosService,
    NotaAnulacionService,
    NotaCorreoService,
    NotaServicios,
    NotaBajaService,
    NotaLineasVentaService,
  ],
  exports: [NotaServicios, NotaBajaService],
})
export class NotasModule {}
