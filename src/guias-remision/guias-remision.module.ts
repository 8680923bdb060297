import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresasModule } from '@/empresas/empresas.module';
import { ProductosModule } from '@/productos/productos.module';
import { SeriesModule } from '@/series/series.module';
import { TicketPollerModule } from '@/ticket-poller/ticket-poller.module';
import { TicketPoller } from '@/ticket-poller/ticket-poller.service';
import { VentasModule } from '@/ventas/ventas.module';
import { GuiaRemision } from './entities/guia-remision.entity';
import { GuiaRemisionDetalle } from './entities/guia-remision-detalle.entity';
import { GuiasRemisionCatalogosController } from './guias-remision-catalogos.controller';
import { GuiasRemisionController } from './guias-remision.controller';
import { GuiasRemisionService } from './guias-remision.service';
import { GuiaArchivosService } from './guia-archivos.service';
import { GuiaCreacionService } from './guia-creacion.service';
import { GuiaEnvioAdaptador } from './guia-envio.adaptador';
import { GuiaEnvioService } from './guia-envio.service';
import { GuiaTicketService } from './guia-ticket.service';
import { GuiaConsultaService } from './guia-consulta.service';

@Module({
  imports: [TypeOrmModule.forFeature([GuiaRemision, GuiaRemisionDetalle]), EmpresasModule, SeriesModule, ProductosModule, VentasModule, TicketPollerModule],
  // Order matters: the fixed paths (motivos, ubigeos, proximo-numero) are registered before ':id'.
  controllers: [GuiasRemisionCatalogosController, GuiasRemisionController],
  providers: [GuiaConsultaService, GuiaCreacionService, GuiaEnvioService, GuiaEnvioAdaptador, GuiaTicketService, GuiaArchivosService, GuiasRemisionService],
  exports: [GuiasRemisionService],
})
export class GuiasRemisionModule implements OnModuleInit {
  constructor(
    private readonly poller: TicketPoller,
    private readonly guias: GuiasRemisionService,
  ) {}

  /** Guides in 'enviado' are polled in the background like RC/RA tickets. */
  onModuleInit(): void {
    this.poller.register(
      'guia',
      async (job) => {
        await this.guias.resolveTicket(job.empresaId!, job.id);
        return !(await this.guias.isPending(job.id));
      },
      async () => (await this.guias.pendingTickets(1000)).map((g) => ({ tipo: 'guia', id: g.guiaId, empresaId: g.empresaId })),
    );
  }
}
