import { Module } from '@nestjs/common';
import { SunatEstadoController } from './sunat-estado.controller';
import { SunatEstadoService } from './sunat-estado.service';

/** GET /api/sunat/estado: SUNAT's services, the company's send queue and its documents about to miss their deadline. */
@Module({
  controllers: [SunatEstadoController],
  providers: [SunatEstadoService],
  exports: [SunatEstadoService],
})
export class SunatEstadoModule {}
