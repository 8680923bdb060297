import { Module } from '@nestjs/common';
import { ValidarController } from './validar.controller';
import { ValidarService } from './validar.service';

/** POST /api/validar/{tipo} (issue 16): SUNAT's rules for documents made elsewhere. */
@Module({ controllers: [ValidarController], providers: [ValidarService] })
export class ValidarModule {}
