import { Global, Module } from '@nestjs/common';
import { AvisosSunat } from './avisos-sunat';
import { Eventos } from './eventos.service';

/** The outbox of events, global: every module that changes a state that matters registers its event through it. */
@Global()
@Module({ providers: [Eventos, AvisosSunat], exports: [Eventos] })
export class EventosModule {}
