import { Module } from '@nestjs/common';
import { ValidarController } from './validar.controller';
import { ValidarCuotaGuard } from './validar-cuota.guard';
import { ValidarPool } from './validar-pool';
import { ValidarService } from './validar.service';

/** POST /api/validar/{tipo}: SUNAT's rules for documents made elsewhere, on a budget of their own. */
@Module({ controllers: [ValidarController], providers: [ValidarService, ValidarPool, ValidarCuotaGuard] })
export class ValidarModule {}
