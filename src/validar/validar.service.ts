import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { invalidField } from '@/common/errors/http-errors';
import { hoyLima } from '@/common/fecha';
import { assertSafeXml, decodeXml, UnsafeXmlError } from '@/sunat/cdr/safe-xml';
import { isSunatFileName, runSunatRules, TIPOS, type SunatRulesTipo } from '@/sunat/validation';

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

/** POST /api/validar/{tipo}: SUNAT's rules on a document made elsewhere (every finding, not only the first). */
@Injectable()
export class ValidarService {
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
    let report;
    try {
      report = await runSunatRules(tipo as SunatRulesTipo, text, { fileName, today: hoyLima() });
    } catch (error) {
      // another root than the tipo's, or a rule SUNAT's own tool cannot evaluate on this document
      throw invalidField('archivo', (error as Error).message.replace(/^SUNAT rules: /, '').slice(0, 500));
    }
    const hallazgo = ({ codigo, mensaje, ubicacion }: Hallazgo) => ({ codigo, mensaje, ubicacion });
    const errores = report.findings.filter((f) => f.severidad === 'error').map(hallazgo);
    const observaciones = report.findings.filter((f) => f.severidad === 'observacion').map(hallazgo);
    return { success: true, valido: errores.length === 0, errores, observaciones };
  }
}

export const tooLarge = () =>
  new HttpException({ success: false, message: `El XML supera ${VALIDAR_MAX_BYTES / 1024 / 1024} MB.` }, HttpStatus.PAYLOAD_TOO_LARGE);
