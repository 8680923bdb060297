// Here and not beside the code: src/sunat never imports HTTP errors (sunat-sin-http.spec.ts), and this reads the modules' ones.

import { ConflictException, HttpException } from '@nestjs/common';
import { sunatSendsBusy, sunatUnreachable, xmlNotGenerated } from '../../src/common/errors/domain-error';
import { desenlaceDeBill } from '../../src/sunat/nest/envios/desenlace-de-bill';

const ENVIANDO = 'Se está enviando.';
const conflict = (message: string) => new ConflictException({ success: false, message });

describe('desenlaceDeBill: how the queue reads a sendBill kind’s enviar', () => {
  it('accepted, and rejected with a CDR (2000+), are done', async () => {
    expect(await desenlaceDeBill(async () => ({ success: true, codigo: '0', mensaje: 'ok', observaciones: [], cdr_url: '/x' }), ENVIANDO)).toEqual({
      kind: 'hecho',
    });
    expect(await desenlaceDeBill(async () => ({ success: false, codigo: '2335', message: 'no' }), ENVIANDO)).toEqual({ kind: 'hecho' });
  });

  it('a transient fault goes back to the queue; another fault is final', async () => {
    expect((await desenlaceDeBill(async () => ({ success: false, codigo: '0109', message: 'caído' }), ENVIANDO)).kind).toBe('transitorio');
    const final = await desenlaceDeBill(async () => ({ success: false, codigo: '0151', message: 'nombre' }), ENVIANDO);
    expect(final).toEqual({ kind: 'fallido', error: '0151 - nombre' });
  });

  it('a 409 is done, except the one that says someone else is sending it', async () => {
    expect(await desenlaceDeBill(() => Promise.reject(conflict('Ya aceptado.')), ENVIANDO)).toEqual({ kind: 'hecho' });
    expect(await desenlaceDeBill(() => Promise.reject(conflict(ENVIANDO)), ENVIANDO)).toEqual({ kind: 'ocupado', error: ENVIANDO });
  });

  it('SUNAT unreachable is transient, busy slots are "later", a missing XML is final', async () => {
    expect((await desenlaceDeBill(() => Promise.reject(sunatUnreachable('timeout')), ENVIANDO)).kind).toBe('transitorio');
    expect((await desenlaceDeBill(() => Promise.reject(sunatSendsBusy(5)), ENVIANDO)).kind).toBe('ocupado');
    expect((await desenlaceDeBill(() => Promise.reject(xmlNotGenerated()), ENVIANDO)).kind).toBe('fallido');
    expect((await desenlaceDeBill(() => Promise.reject(new HttpException({ success: false, message: 'x' }, 502)), ENVIANDO)).kind).toBe('transitorio');
    expect((await desenlaceDeBill(() => Promise.reject(new Error('connection terminated')), ENVIANDO)).kind).toBe('ocupado');
  });
});
