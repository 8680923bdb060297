import { Module, OnModuleInit } from '@nestjs/common';
import { AnulacionModule } from '@/anulacion/anulacion.module';
import { CanalesAnulacion } from '@/anulacion/canales-anulacion';
import { LoteDesenlaceService } from '@/lotes-sunat/lote-desenlace.service';
import { LotesSunatModule } from '@/lotes-sunat/lotes-sunat.module';
import { NotasModule } from '@/notas/notas.module';
import { VentasModule } from '@/ventas/ventas.module';
import { BajaCanal } from './baja-canal';
import { BajaDesenlaceService } from './baja-desenlace.service';
import { ComunicacionBajaController } from './comunicacion-baja.controller';
import { ComunicacionBajaService } from './comunicacion-baja.service';

@Module({
  imports: [LotesSunatModule, VentasModule, NotasModule, AnulacionModule],
  controllers: [ComunicacionBajaController],
  providers: [ComunicacionBajaService, BajaDesenlaceService, BajaCanal],
})
export class ComunicacionBajaModule implements OnModuleInit {
  constructor(
    private readonly desenlaces: LoteDesenlaceService,
    private readonly desenlace: BajaDesenlaceService,
    private readonly canales: CanalesAnulacion,
    private readonly canal: BajaCanal,
  ) {}

  /** SUNAT's final answer on an RA batch (consultar-ticket or the poller) is applied by this flow; it is the RA channel of the anular routes. */
  onModuleInit(): void {
    this.desenlaces.registrar('RA', this.desenlace);
    this.canales.registrar('RA', this.canal);
  }
}
