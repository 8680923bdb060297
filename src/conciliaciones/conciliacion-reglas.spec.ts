import { EstadoNuestro } from '@/common/estados';
import { ValidityState } from '@/sunat/gateway/validez/validez-codes';
import { accionConciliacion, CasoConciliacion } from './conciliacion-reglas';

const caso = (nuestro: EstadoNuestro, sunat: ValidityState, extra: Partial<CasoConciliacion> = {}): CasoConciliacion => ({
  nuestro,
  sunat,
  montoDistinto: false,
  dentroDePlazo: true,
  porResumen: false,
  ...extra,
});

describe('accionConciliacion: what a difference with SUNAT asks for', () => {
  it('both sides agreeing, or a document in an awaited RC/RA, is no difference', () => {
    expect(accionConciliacion(caso('aceptado', 'accepted'))).toBeNull();
    expect(accionConciliacion(caso('anulado', 'voided'))).toBeNull();
    expect(accionConciliacion(caso('rechazado', 'not-found'))).toBeNull();
    expect(accionConciliacion(caso('anulado', 'not-found'))).toBeNull();
    expect(accionConciliacion(caso('en_proceso', 'not-found'))).toBeNull();
    expect(accionConciliacion(caso('en_proceso', 'accepted', { montoDistinto: true }))).toBeNull();
  });

  it('SUNAT accepted what we show pending: take its state, safely', () => {
    expect(accionConciliacion(caso('pendiente', 'accepted'))).toEqual({ accion: 'marcar_aceptado', segura: true });
  });

  it('SUNAT never got a pending document within its deadline: send it (or summarise a boleta), safely', () => {
    expect(accionConciliacion(caso('pendiente', 'not-found'))).toEqual({ accion: 'reenviar', segura: true });
    expect(accionConciliacion(caso('pendiente', 'not-found', { porResumen: true }))).toEqual({ accion: 'resumir', segura: true });
  });

  it('everything else is for a person', () => {
    expect(accionConciliacion(caso('pendiente', 'not-found', { dentroDePlazo: false }))).toEqual({ accion: 'revisar', segura: false });
    expect(accionConciliacion(caso('aceptado', 'not-found'))).toEqual({ accion: 'revisar', segura: false });
    expect(accionConciliacion(caso('rechazado', 'accepted'))).toEqual({ accion: 'revisar', segura: false });
    expect(accionConciliacion(caso('anulado', 'accepted'))).toEqual({ accion: 'revisar', segura: false });
    expect(accionConciliacion(caso('aceptado', 'voided'))).toEqual({ accion: 'marcar_anulado', segura: false });
    expect(accionConciliacion(caso('pendiente', 'voided'))).toEqual({ accion: 'marcar_anulado', segura: false });
    expect(accionConciliacion(caso('rechazado', 'voided'))).toEqual({ accion: 'revisar', segura: false });
    expect(accionConciliacion(caso('aceptado', 'accepted', { montoDistinto: true }))).toEqual({ accion: 'revisar', segura: false });
    expect(accionConciliacion(caso('pendiente', 'accepted', { montoDistinto: true }))).toEqual({ accion: 'revisar', segura: false });
    expect(accionConciliacion(caso('aceptado', 'authorized'))).toEqual({ accion: 'revisar', segura: false });
  });
});
