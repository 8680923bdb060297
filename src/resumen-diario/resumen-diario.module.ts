import { Module } from '@nestjs/common';
import { LotesSunatModule } from '@/lotes-sunat/lotes-sunat.module';
import { VentasModule } from '@/ventas/ventas.module';
import { ResumenDiarioController } from './resumen-diario.controller';
import { ResumenDiarioService } from './resumen-diario.service';

@Module({
  imports: [LotesSunatModule, VentasModule],
  controllers: [ResumenDiarioController],
  providers: [ResumenDiarioService],
})
export class ResumenDiarioModule {}
