import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresasModule } from '@/empresas/empresas.module';
import { NotasModule } from '@/notas/notas.module';
import { VentasModule } from '@/ventas/ventas.module';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat } from './entities/lote-sunat.entity';
import { LoteArchivosService } from './lote-archivos.service';
import { LoteEnvioService } from './lote-envio.service';
import { TicketPoller } from '@/ticket-poller/ticket-poller.service';
import { TicketPollerModule } from '@/ticket-poller/ticket-poller.module';
import { TicketService } from './ticket.service';

/** RC/RA batches, their ticket resolution and the background ticket poller (RA notes through NotasModule's NotaBajaService). */
@Module({
  imports: [TypeOrmModule.forFeature([LoteSunat, LoteSunatItem]), EmpresasModule, VentasModule, NotasModule, TicketPollerModule],
  providers: [LoteEnvioService, TicketService, LoteArchivosService],
  exports: [LoteEnvioService, TicketService, LoteArchivosService],
})
export class LotesSunatModule implements OnModuleInit {
  constructor(
    private readonly poller: TicketPoller,
    private readonly tickets: TicketService,
  ) {}

  onModuleInit(): void {
    this.poller.register(
      'lote',
      (job) => this.tickets.resolverLote(job.id),
      async () => (await this.tickets.pendientes()).map((id) => ({ tipo: 'lote', id })),
    );
  }
}
