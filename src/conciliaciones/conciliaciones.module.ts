import { Module } from '@nestjs/common';
import { EmpresasModule } from '@/empresas/empresas.module';
import { ResumenDiarioModule } from '@/resumen-diario/resumen-diario.module';
import { ConciliacionWorker } from './conciliacion-worker.service';
import { ConciliacionesController } from './conciliaciones.controller';
import { ConciliacionesService } from './conciliaciones.service';

/** POST/GET /api/conciliaciones: the company's documents checked against SUNAT's records, safe repairs applied. */
@Module({
  imports: [EmpresasModule, ResumenDiarioModule],
  controllers: [ConciliacionesController],
  providers: [ConciliacionesService, ConciliacionWorker],
})
export class ConciliacionesModule {}
