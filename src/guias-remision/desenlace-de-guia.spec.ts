import { alreadyAccepted, conflict, sunatUnavailable, xmlMissing } from '@/common/errors/http-errors';
import { sunatSendsBusy } from '@/common/errors/domain-error';
import { FailureResult, RawAnswer } from '@/sunat/gateway/results';
import { desenlaceDeGuia } from './desenlace-de-guia';
import { classifyGreFailure, esRechazoTransitorio, GreSinAcceso } from './guia-fallos-gre';
import { SubidaGuia } from './guia-envio.service';
import { GUIA_MSG } from './guia-messages';

const raw = (httpStatus: number, body = '{}'): RawAnswer => ({ operation: 'greSend', httpStatus, body, receivedAt: new Date() });
const falla = (error: unknown) => () => Promise.reject<SubidaGuia>(error);
const responde = (subida: SubidaGuia) => () => Promise.resolve(subida);

/** What the upload would have made of a gateway failure: a refusal it answers, or the exception it throws. */
async function comoSubida(result: FailureResult): Promise<ReturnType<typeof desenlaceDeGuia>> {
  return desenlaceDeGuia(async () => {
    const refusal = classifyGreFailure(result);
    return { respuesta: { success: false, codigo: refusal.codigo, message: refusal.body }, transitorio: esRechazoTransitorio(refusal) };
  });
}

describe('desenlaceDeGuia (a guide upload as the send queue reads it)', () => {
  it('a ticket is done: the ticket poller settles the guide', async () => {
    expect(await desenlaceDeGuia(responde({ respuesta: { success: true, ticket: 't', message: 'ok' }, transitorio: false }))).toEqual({ kind: 'hecho' });
  });

  it("SUNAT's refusal of the guide is final; SUNAT failing inside is transient", async () => {
    expect(await desenlaceDeGuia(responde({ respuesta: { success: false, codigo: '2555', message: 'no' }, transitorio: false }))).toEqual({
      kind: 'fallido',
      error: '2555 - no',
    });
    expect((await desenlaceDeGuia(responde({ respuesta: { success: false, codigo: '500', message: 'x' }, transitorio: true }))).kind).toBe('transitorio');
  });

  it('GRE down (the token call or the upload unanswered, an HTML 503) is transient, never final', async () => {
    const sinRespuesta: FailureResult = { kind: 'unknown', reason: 'connection-reset', message: 'reset' };
    const html503: FailureResult = { kind: 'unknown', reason: 'http-error', message: 'HTTP 503', raw: raw(503, '<html>503</html>') };
    const noSalio: FailureResult = { kind: 'not-sent', message: 'ECONNREFUSED' };
    const oauth500: FailureResult = { kind: 'exception', code: '500', message: 'caído', source: 'oauth', raw: raw(500, '') };
    for (const result of [sinRespuesta, html503, noSalio, oauth500]) expect((await comoSubida(result)).kind).toBe('transitorio');
  });

  it('a GRE 5xx with an error body, or a 429, is transient; a 4xx validation error is final', async () => {
    const gre500: FailureResult = { kind: 'exception', code: '0109', message: 'interno', source: 'gre', raw: raw(500) };
    const gre429: FailureResult = { kind: 'unknown', reason: 'http-error', message: 'HTTP 429', raw: raw(429, 'despacio') };
    const gre422: FailureResult = { kind: 'exception', code: '2555', message: 'no', source: 'gre', raw: raw(422) };
    expect((await comoSubida(gre500)).kind).toBe('transitorio');
    expect((await comoSubida(gre429)).kind).toBe('transitorio');
    expect((await comoSubida(gre422)).kind).toBe('fallido');
  });

  it('GRE credentials SUNAT refuses, or none configured, are final and no outage of SUNAT', async () => {
    const rechazadas: FailureResult = { kind: 'exception', code: 'access_denied', message: 'no', source: 'oauth', raw: raw(401, '') };
    expect(() => classifyGreFailure(rechazadas)).toThrow(GreSinAcceso);
    expect((await comoSubida(rechazadas)).kind).toBe('fallido');
    expect((await desenlaceDeGuia(falla(new GreSinAcceso(GUIA_MSG.sinCredencialesGre)))).kind).toBe('fallido');
    expect(new GreSinAcceso('x').getStatus()).toBe(502);
  });

  it('409: already at SUNAT is done, another send holding it is busy, no XML is final', async () => {
    expect(await desenlaceDeGuia(falla(alreadyAccepted()))).toEqual({ kind: 'hecho' });
    expect(await desenlaceDeGuia(falla(conflict(GUIA_MSG.yaEnviada)))).toEqual({ kind: 'hecho' });
    expect(await desenlaceDeGuia(falla(conflict(GUIA_MSG.yaRechazada)))).toEqual({ kind: 'hecho' });
    expect(await desenlaceDeGuia(falla(conflict(GUIA_MSG.enviando)))).toEqual({ kind: 'ocupado', error: GUIA_MSG.enviando });
    expect((await desenlaceDeGuia(falla(xmlMissing()))).kind).toBe('fallido');
  });

  it('502 and every send slot busy keep their meaning', async () => {
    expect((await desenlaceDeGuia(falla(sunatUnavailable('caído')))).kind).toBe('transitorio');
    expect((await desenlaceDeGuia(falla(sunatSendsBusy(1)))).kind).toBe('ocupado');
  });
});
