import { descripcion, entradas } from '@/catalogos/catalogos-data';

/** Catálogo 61 codes SUNAT accepts on a guía remitente (attribute gre-r = 1; rule 2692). */
export const TIPOS_DOCUMENTO_RELACIONADO: string[] = entradas('61')
  .filter((e) => e['gre-r'] === '1')
  .map((e) => e.codigo);

/** Types whose issuer RUC SUNAT requires (3380, 3382). */
export const TIPOS_CON_EMISOR = ['01', '03', '04', '09', '12', '48'];

/** Customs declarations: DAM (50) and simplified declaration (52). */
export const TIPOS_DECLARACION_ADUANERA = ['50', '52'];

/** What an import or export guide may relate (3445). */
export const TIPOS_IMPORTACION_EXPORTACION = ['09', '49', '50', '52', '80'];

export function descripcionDocumento(tipo: string): string {
  return descripcion('61', tipo) ?? tipo;
}
