import { documentFileName } from '@/sunat/documents/file-names';
import { GuiaRemision } from './entities/guia-remision.entity';

export const TIPO_GUIA = '09';
export const SERIE_GUIA = 'T001';

/** '20000000001-09-T001-7': the stored document's name without extension (storage and SUNAT upload). */
export function baseNameOf(guia: Pick<GuiaRemision, 'nombre_xml'>): string | null {
  return guia.nombre_xml ? guia.nombre_xml.replace(/\.xml$/, '') : null;
}

export function guiaFileName(ruc: string, numero: number): string {
  return documentFileName(ruc, TIPO_GUIA, SERIE_GUIA, numero);
}

/** Where a client downloads the files (the routes of this module). */
export const guiaUrls = {
  xml: (nombreXml: string) => `/api/guias-remision/xml/${nombreXml}`,
  cdr: (id: number) => `/api/guias-remision/${id}/cdr`,
};
