import { Global, Module } from '@nestjs/common';
import { Eventos } from './eventos.service';

/** The outbox of events, global: every module that changes a state that matters registers its event through it. */
@Global()
@Module({ providers: [Eventos], exports: [Eventos] })
export class EventosModule {}
