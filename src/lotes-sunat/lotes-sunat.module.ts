import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresasModule } from '@/empresas/empresas.module';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat } from './entities/lote-sunat.entity';
import { LoteArchivosService } from './lote-archivos.service';
import { LoteDesenlaceService } from './lote-desenlace.service';
import { LoteEnvioService } from './lote-envio.service';
import { LoteRecuperacionService } from './lote-recuperacion.service';
import { TicketPoller } from '@/ticket-poller/ticket-poller.service';
import { TicketPollerModule } from '@/ticket-poller/ticket-poller.module';
import { TicketService } from './ticket.service';

/**
 * What RC and RA batches share: the batch records, their correlatives, sending, asking SUNAT about a ticket
 * (consultar-ticket and the background poller) and dispatching the final answer to the flow that owns the
 * batch (resumen-diario, comunicacion-baja register their LoteDesenlace).
 */
@Module({
  imports: [TypeOrmModule.forFeature([LoteSunat, LoteSunatItem]), EmpresasModule, TicketPollerModule],
  providers: [LoteEnvioService, TicketService, LoteArchivosService, LoteDesenlaceService, LoteRecuperacionService],
  exports: [LoteEnvioService, TicketService, LoteArchivosService, LoteDesenlaceService],
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
      (job, mensaje) => this.tickets.agotado(job.id, mensaje),
    );
  }
}
