import { Module } from '@nestjs/common';
import { LotesSunatModule } from '@/lotes-sunat/lotes-sunat.module';
import { VentasModule } from '@/ventas/ventas.module';
import { ComunicacionBajaController } from './comunicacion-baja.controller';
import { ComunicacionBajaService } from './comunicacion-baja.service';

@Module({
  imports: [LotesSunatModule, VentasModule],
  controllers: [ComunicacionBajaController],
  providers: [ComunicacionBajaService],
})
export class ComunicacionBajaModule {}
