import { Module } from '@nestjs/common';
import { LotesSunatModule } from '@/lotes-sunat/lotes-sunat.module';
import { NotasModule } from '@/notas/notas.module';
import { VentasModule } from '@/ventas/ventas.module';
import { ComunicacionBajaController } from './comunicacion-baja.controller';
import { ComunicacionBajaService } from './comunicacion-baja.service';

@Module({
  imports: [LotesSunatModule, VentasModule, NotasModule],
  controllers: [ComunicacionBajaController],
  providers: [ComunicacionBajaService],
})
export class ComunicacionBajaModule {}
