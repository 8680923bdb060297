import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { DomainError } from '@/common/errors/domain-error';
import { invalidField } from '@/common/errors/http-errors';
import { hoyLima } from '@/common/fecha';
import { assertSafeXml, decodeXml, UnsafeXmlError } from '@/sunat/cdr/safe-xml';
import {
  isSunatFileName,
  SunatRulesBusy,
  SunatRulesPoolClosed,
  SunatRulesTimeout,
  SunatRulesWorkerStopped,
  TIPOS,
  type SunatRulesReport,
  type SunatRulesTipo,
} from '@/sunat/validation';
import { VALIDAR_OCUPADO, ValidarPool } from './validar-pool';

/** Largest XML /api/validar takes (SUNAT's own limit for a zipped document is far above any real invoice). */
export const VALIDAR_MAX_BYTES = 2 * 1024 * 1024;

export interface Hallazgo {
  codigo: string;
  mensaje: string;
  ubicacion: string;
}

export interface ValidacionRespuesta {
  success: true;
  valido: boolean;
  errores: Hallazgo[];
  observaciones: Hallazgo[];
}

/** The 422 of a document stopped at the time limit (its worker was terminated). */
export const validacionExcedida = (ms: number) =>
  `La validación del XML superó el límite de ${ms / 1000} s y se detuvo; envíe un documento más pequeño o intente nuevamente.`;

/** The 422 of a document whose worker stopped before answering (memory limit or a crash of the engine). */
export const VALIDACION_DETENIDA = 'La validación del XML se detuvo sin terminar: el documento excede los recursos admitidos.';

/**
 * POST /api/validar/{tipo}: SUNAT's rules on a document made elsewhere (every finding, not only the first), in
 * validar's own worker pool (ValidarPool), never in the one that checks the documents being issued.
 */
@Injectable()
export class ValidarService {
  constructor(private readonly pool: ValidarPool) {}

  async validar(tipo: string, xml: Buffer | undefined, nombre?: string): Promise<ValidacionRespuesta> {
    if (!(TIPOS as string[]).includes(tipo)) throw invalidField('tipo', `tipo debe ser uno de ${TIPOS.join(', ')}`);
    if (!xml?.length) throw invalidField('archivo', 'Envíe el XML (cuerpo application/xml o campo multipart archivo).');
    if (xml.length > VALIDAR_MAX_BYTES) throw tooLarge();
    const text = decodeXml(xml);
    try {
      assertSafeXml(text);
    } catch (error) {
      if (error instanceof UnsafeXmlError) throw invalidField('archivo', error.message);
      throw error;
    }
    const fileName = nombre && isSunatFileName(nombre, tipo as SunatRulesTipo) ? nombre : undefined;
    const report = await this.reglas(tipo as SunatRulesTipo, text, fileName);
    const hallazgo = ({ codigo, mensaje, ubicacion }: Hallazgo) => ({ codigo, mensaje, ubicacion });
    const errores = report.findings.filter((f) => f.severidad === 'error').map(hallazgo);
    const observaciones = report.findings.filter((f) => f.severidad === 'observacion').map(hallazgo);
    return { success: true, valido: errores.length === 0, errores, observaciones };
  }

  private async reglas(tipo: SunatRulesTipo, text: string, fileName: string | undefined): Promise<SunatRulesReport> {
    try {
      return await this.pool.run(tipo, text, { fileName, today: hoyLima() });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof SunatRulesTimeout) throw invalidField('archivo', validacionExcedida(this.pool.settings.timeoutMs));
      if (error instanceof SunatRulesWorkerStopped) throw invalidField('archivo', VALIDACION_DETENIDA);
      if (error instanceof SunatRulesBusy || error instanceof SunatRulesPoolClosed) throw new DomainError('SUNAT_RULES_BUSY', VALIDAR_OCUPADO, {}, 5);
      // another root than the tipo's, or a rule SUNAT's own tool cannot evaluate on this document
      throw invalidField('archivo', (error as Error).message.replace(/^SUNAT rules: /, '').slice(0, 500));
    }
  }
}

export const tooLarge = () =>
  new HttpException({ success: false, message: `El XML supera ${VALIDAR_MAX_BYTES / 1024 / 1024} MB.` }, HttpStatus.PAYLOAD_TOO_LARGE);
