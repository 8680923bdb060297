import { Module } from '@nestjs/common';
import { CanalesAnulacion } from './canales-anulacion';

/**
 * Voids without choosing the channel: ventas and notas ask CanalesAnulacion; comunicacion-baja (RA) and
 * resumen-diario (RC) register their channel in it at start-up. Imports nothing of ours, so every side may import it.
 */
@Module({
  providers: [CanalesAnulacion],
  exports: [CanalesAnulacion],
})
export class AnulacionModule {}
