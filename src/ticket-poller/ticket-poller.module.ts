import { Module } from '@nestjs/common';
import { TicketPoller } from './ticket-poller.service';

/** The background ticket poller; modules with ticketed records register their resolvers on it. */
@Module({ providers: [TicketPoller], exports: [TicketPoller] })
export class TicketPollerModule {}
