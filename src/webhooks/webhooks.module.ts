import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresasModule } from '@/empresas/empresas.module';
import { SunatEstadoModule } from '@/sunat-estado/sunat-estado.module';
import { Webhook } from './entities/webhook.entity';
import { EntregadorWebhooks } from './entregador.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';
import { VigilanciaPlazos } from './vigilancia-plazos.service';

/** The companies' webhook endpoints, the background sender of the events' deliveries and the periodic deadline checks. */
@Module({
  imports: [TypeOrmModule.forFeature([Webhook]), EmpresasModule, SunatEstadoModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, EntregadorWebhooks, VigilanciaPlazos],
})
export class WebhooksModule {}
