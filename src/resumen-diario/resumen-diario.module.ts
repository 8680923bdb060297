import { Module, OnModuleInit } from '@nestjs/common';
import { AnulacionModule } from '@/anulacion/anulacion.module';
import { CanalesAnulacion } from '@/anulacion/canales-anulacion';
import { LoteDesenlaceService } from '@/lotes-sunat/lote-desenlace.service';
import { LotesSunatModule } from '@/lotes-sunat/lotes-sunat.module';
import { VentasModule } from '@/ventas/ventas.module';
import { ResumenCanal } from './resumen-canal';
import { ResumenAutomaticoService } from './resumen-automatico.service';
import { ResumenDesenlaceService } from './resumen-desenlace.service';
import { ResumenDiarioController } from './resumen-diario.controller';
import { ResumenDiarioService } from './resumen-diario.service';

@Module({
  imports: [LotesSunatModule, VentasModule, AnulacionModule],
  controllers: [ResumenDiarioController],
  providers: [ResumenDiarioService, ResumenDesenlaceService, ResumenCanal, ResumenAutomaticoService],
  exports: [ResumenDiarioService],
})
export class ResumenDiarioModule implements OnModuleInit {
  constructor(
    private readonly desenlaces: LoteDesenlaceService,
    private readonly desenlace: ResumenDesenlaceService,
    private readonly canales: CanalesAnulacion,
    private readonly canal: ResumenCanal,
  ) {}

  /** SUNAT's final answer on an RC batch (consultar-ticket or the poller) is applied by this flow; it is the RC channel of ventas' anular. */
  onModuleInit(): void {
    this.desenlaces.registrar('RC', this.desenlace);
    this.canales.registrar('RC', this.canal);
  }
}
