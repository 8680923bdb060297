import { HttpException } from '@nestjs/common';
import { SEND_MSG } from '@/common/errors/messages';
import { desenlaceDeError } from '@/sunat/nest/envios/desenlace-de-error';
import { Desenlace } from '@/sunat/nest/envios/envio-tipos';
import { GreSinAcceso } from './guia-fallos-gre';
import type { SubidaGuia } from './guia-envio.service';
import { GUIA_MSG } from './guia-messages';

/** 409s of a guide that has no upload left: SUNAT already has it (enviado, aceptado, rechazado). */
const YA_EN_SUNAT: readonly string[] = [SEND_MSG.yaAceptado, GUIA_MSG.yaEnviada, GUIA_MSG.yaRechazada];

/**
 * The queue's reading of a guide's upload: a ticket is done (the ticket poller settles the guide); SUNAT failing
 * inside (5xx) or unreachable (502, the GRE token included) goes back to the queue; a refusal of the guide, or
 * GRE credentials SUNAT does not take, is final for the automatic send. A 409 is "nothing to upload" when SUNAT
 * already has the guide, "try later" while another send holds it, and final otherwise (no XML to upload).
 */
export async function desenlaceDeGuia(subir: () => Promise<SubidaGuia>): Promise<Desenlace> {
  try {
    const { respuesta, transitorio } = await subir();
    if (respuesta.success) return { kind: 'hecho' };
    const error = `${respuesta.codigo} - ${respuesta.message}`;
    return transitorio ? { kind: 'transitorio', error } : { kind: 'fallido', error };
  } catch (error) {
    if (error instanceof GreSinAcceso) return { kind: 'fallido', error: mensajeDe(error) };
    if (error instanceof HttpException && error.getStatus() === 409) {
      const message = mensajeDe(error);
      if (message === GUIA_MSG.enviando) return { kind: 'ocupado', error: message };
      return YA_EN_SUNAT.includes(message) ? { kind: 'hecho' } : { kind: 'fallido', error: message };
    }
    return desenlaceDeError(error);
  }
}

function mensajeDe(error: HttpException): string {
  const body = error.getResponse() as { message?: unknown };
  return String(body?.message ?? error.message);
}
