import { EnvioRespuesta } from '../bill-verdict';
import { desenlaceDeError, estadoHttpDe, mensajeDe } from './desenlace-de-error';
import { Desenlace } from './envio-tipos';
import { esFalloTransitorio } from './fallos-transitorios';

/**
 * The queue's reading of a sendBill kind's enviar (sales, notes): accepted, or rejected with a CDR (2000+, the
 * number is spent), is done; a transient SOAP fault goes back to the queue; another fault (0100-1999) is final for
 * the automatic send. A 409 is "nothing to send" (already accepted, annulled, in a summary...), except `enviando`:
 * someone else is sending it now, try again later.
 */
export async function desenlaceDeBill(enviar: () => Promise<EnvioRespuesta>, enviando: string): Promise<Desenlace> {
  try {
    const respuesta = await enviar();
    if (respuesta.success) return { kind: 'hecho' };
    if (esFalloTransitorio(respuesta.codigo)) return { kind: 'transitorio', error: `${respuesta.codigo} - ${respuesta.message}` };
    return Number(respuesta.codigo) >= 2000 ? { kind: 'hecho' } : { kind: 'fallido', error: `${respuesta.codigo} - ${respuesta.message}` };
  } catch (error) {
    if (estadoHttpDe(error) === 409) return mensajeDe(error) === enviando ? { kind: 'ocupado', error: enviando } : { kind: 'hecho' };
    return desenlaceDeError(error);
  }
}
