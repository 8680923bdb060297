import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresasModule } from '@/empresas/empresas.module';
import { SeriesModule } from '@/series/series.module';
import { VentasModule } from '@/ventas/ventas.module';
import { MotivoNota } from './entities/motivo-nota.entity';
import { MotivosNotaService } from './motivos-nota.service';
import { NotaArchivosService } from './nota-archivos.service';
import { NotaBajaService } from './nota-baja.service';
import { NotaConsultaService } from './nota-consulta.service';
import { NotaCreacionService } from './nota-creacion.service';
import { NotaEnvioService } from './nota-envio.service';
import { NotaServicios } from './nota-servicios';

/** What credit and debit notes share; each kind's module brings its entity and controller. */
@Module({
  imports: [TypeOrmModule.forFeature([MotivoNota]), EmpresasModule, SeriesModule, VentasModule],
  providers: [MotivosNotaService, NotaConsultaService, NotaCreacionService, NotaEnvioService, NotaArchivosService, NotaServicios, NotaBajaService],
  exports: [NotaServicios, NotaBajaService],
})
export class NotasModule {}
