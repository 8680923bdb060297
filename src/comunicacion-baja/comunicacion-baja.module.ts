import { Module, OnModuleInit } from '@nestjs/common';
import { LoteDesenlaceService } from '@/lotes-sunat/lote-desenlace.service';
import { LotesSunatModule } from '@/lotes-sunat/lotes-sunat.module';
import { NotasModule } from '@/notas/notas.module';
import { VentasModule } from '@/ventas/ventas.module';
import { BajaDesenlaceService } from './baja-desenlace.service';
import { ComunicacionBajaController } from './comunicacion-baja.controller';
import { ComunicacionBajaService } from './comunicacion-baja.service';

@Module({
  imports: [LotesSunatModule, VentasModule, NotasModule],
  controllers: [ComunicacionBajaController],
  providers: [ComunicacionBajaService, BajaDesenlaceService],
})
export class ComunicacionBajaModule implements OnModuleInit {
  constructor(
    private readonly desenlaces: LoteDesenlaceService,
    private readonly desenlace: BajaDesenlaceService,
  ) {}

  /** SUNAT's final answer on an RA batch (consultar-ticket or the poller) is applied by this flow. */
  onModuleInit(): void {
    this.desenlaces.registrar('RA', this.desenlace);
  }
}
