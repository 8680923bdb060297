import { MSG_ANULACION } from './anulacion-textos';

const ARCHIVO = '20000000001-RA-20250115-001.xml';

/** The 202 of an anular route: the void waits in a batch SUNAT has not given a ticket for; `data` is the document as it is (shortened here). */
export const DOC_ANULACION_PENDIENTE = (data: Record<string, unknown>) => ({
  status: 202,
  description: 'La anulación espera en un lote al que SUNAT aún no dio ticket (no respondió, o el envío sigue en curso); el lote se envía solo.',
  example: { success: true, canal: 'RA', nombre_archivo: ARCHIVO, message: MSG_ANULACION.pendiente(ARCHIVO), data },
});
