import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TicketPollerModule } from '@/ticket-poller/ticket-poller.module';
import { HealthController } from './health.controller';
import { QueueHealthIndicator, StorageHealthIndicator, SunatHealthIndicator } from './health-indicators';
import { SunatRecursosHealthIndicator } from './sunat-recursos.indicator';

@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'pretty' }), TicketPollerModule],
  controllers: [HealthController],
  providers: [QueueHealthIndicator, StorageHealthIndicator, SunatHealthIndicator, SunatRecursosHealthIndicator],
})
export class HealthModule {}
