import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { entradas, NUMEROS_CATALOGO } from '@/catalogos/catalogos-data';
import { SunatRulesCheck } from '@/sunat/nest/sunat-rules-check';
import { VENDOR_XSD_DIR, XSD_FILES } from '@/sunat/validation/xsd';

/**
 * What issuing reads from disk and memory at run time: SUNAT's rule files (compiled once), the XSDs the
 * simulator validates with, and the catalogues. An image or checkout missing any of them cannot issue a document,
 * so it must never look ready.
 */
@Injectable()
export class SunatRecursosHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly rules: SunatRulesCheck,
  ) {}

  async check(key: 'sunat_recursos'): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(key);
    const faltan = Object.values(XSD_FILES).filter((file) => !existsSync(join(VENDOR_XSD_DIR, file)));
    if (faltan.length) return session.down({ message: `Faltan los XSD de SUNAT: ${faltan.join(', ')}` });
    const vacios = NUMEROS_CATALOGO.filter((n) => entradas(n).length === 0);
    if (vacios.length) return session.down({ message: `Catálogos vacíos: ${vacios.join(', ')}` });
    const reglas = await this.rules.failed();
    if (reglas) return session.down({ message: `Las reglas de SUNAT no cargan: ${reglas}` });
    return session.up({ xsd: Object.keys(XSD_FILES).length, catalogos: NUMEROS_CATALOGO.length });
  }
}
