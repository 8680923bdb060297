import { Module, OnModuleInit } from '@nestjs/common';
import { LoteDesenlaceService } from '@/lotes-sunat/lote-desenlace.service';
import { LotesSunatModule } from '@/lotes-sunat/lotes-sunat.module';
import { VentasModule } from '@/ventas/ventas.module';
import { ResumenAutomaticoService } from './resumen-automatico.service';
import { ResumenDesenlaceService } from './resumen-desenlace.service';
import { ResumenDiarioController } from './resumen-diario.controller';
import { ResumenDiarioService } from './resumen-diario.service';

@Module({
  imports: [LotesSunatModule, VentasModule],
  controllers: [ResumenDiarioController],
  providers: [ResumenDiarioService, ResumenDesenlaceService, ResumenAutomaticoService],
})
export class ResumenDiarioModule implements OnModuleInit {
  constructor(
    private readonly desenlaces: LoteDesenlaceService,
    private readonly desenlace: ResumenDesenlaceService,
  ) {}

  /** SUNAT's final answer on an RC batch (consultar-ticket or the poller) is applied by this flow. */
  onModuleInit(): void {
    this.desenlaces.registrar('RC', this.desenlace);
  }
}
