import { HttpException, HttpStatus } from '@nestjs/common';
import { sunatUnavailable, conflict, invalidField } from '@/common/errors/http-errors';
import { diasAntes, momentoLima } from '@/common/fecha';
import { batchRefused } from '@/lotes-sunat/batch-errors';
import { desenlaceDeError, desenlaceDeRespuesta, diaPorResumir, tandasPorFecha } from './resumen-automatico-reglas';
import { TEXTOS } from './resumen-textos';

/** 2026-03-10 22:30 in Lima is 2026-03-11 03:30 UTC. */
const lima = (fecha: string, hora: string) => new Date(`${fecha}T${hora}-05:00`);

describe('automatic daily summary: is it time', () => {
  it('is owed from the time on, the Lima day (not UTC) deciding which day', () => {
    const programa = { resumen_automatico: '22:00', resumen_automatico_ultimo: '2026-03-09' };
    expect(diaPorResumir(programa, lima('2026-03-10', '21:59:59'))).toBeNull();
    const dia = diaPorResumir(programa, lima('2026-03-10', '22:30:00'));
    // 03:30 UTC of the 11th is still the 10th in Lima
    expect(dia).toEqual({ hoy: '2026-03-10', corte: new Date('2026-03-11T03:00:00Z'), desde: '2026-03-03' });
    expect(diaPorResumir(programa, lima('2026-03-10', '22:00:00'))?.hoy).toBe('2026-03-10');
  });

  it('once per day: not again once the day ended, owed again the next day at the time', () => {
    const hecho = { resumen_automatico: '22:00', resumen_automatico_ultimo: '2026-03-10' };
    expect(diaPorResumir(hecho, lima('2026-03-10', '23:59:00'))).toBeNull();
    expect(diaPorResumir(hecho, lima('2026-03-11', '08:00:00'))).toBeNull();
    expect(diaPorResumir(hecho, lima('2026-03-11', '22:00:00'))?.hoy).toBe('2026-03-11');
  });

  it('a day missed (service down, or never ran) is owed at the next check after the time, not before', () => {
    const nunca = { resumen_automatico: '00:00', resumen_automatico_ultimo: null };
    expect(diaPorResumir(nunca, lima('2026-03-10', '00:00:00'))?.corte).toEqual(momentoLima('2026-03-10', '00:00'));
    const atrasado = { resumen_automatico: '06:00', resumen_automatico_ultimo: '2026-03-01' };
    expect(diaPorResumir(atrasado, lima('2026-03-10', '05:00:00'))).toBeNull();
    expect(diaPorResumir(atrasado, lima('2026-03-10', '06:00:01'))?.desde).toBe('2026-03-03');
  });

  it('no time set: never', () => {
    expect(diaPorResumir({ resumen_automatico: null, resumen_automatico_ultimo: null }, lima('2026-03-10', '23:00:00'))).toBeNull();
  });

  it('the deadline window crosses months and years', () => {
    expect(diasAntes('2026-03-02', 7)).toBe('2026-02-23');
    expect(diasAntes('2026-01-03', 7)).toBe('2025-12-27');
  });
});

describe('automatic daily summary: which calls', () => {
  it('one call per issue date, oldest first, each at most one file of boletas, ids in the order given', () => {
    const boletas = [
      { id_venta: 5, fecha_emision: '2026-03-10' },
      { id_venta: 1, fecha_emision: '2026-03-08' },
      { id_venta: 7, fecha_emision: '2026-03-10' },
      { id_venta: 2, fecha_emision: '2026-03-08' },
      { id_venta: 9, fecha_emision: '2026-03-10' },
    ];
    expect(tandasPorFecha(boletas, 2)).toEqual([
      { fecha: '2026-03-08', ids: [1, 2] },
      { fecha: '2026-03-10', ids: [5, 7] },
      { fecha: '2026-03-10', ids: [9] },
    ]);
    expect(tandasPorFecha([])).toEqual([]);
    const muchas = Array.from({ length: 1001 }, (_, i) => ({ id_venta: i + 1, fecha_emision: '2026-03-10' }));
    expect(tandasPorFecha(muchas).map((t) => t.ids.length)).toEqual([500, 500, 1]);
  });
});

describe('automatic daily summary: what a call left', () => {
  it('a ticket is sent; SUNAT refusing the file is final, a transient SOAP fault is retried', () => {
    expect(desenlaceDeRespuesta({ success: true })).toBe('enviado');
    expect(desenlaceDeRespuesta({ success: false, codigo: '2072' })).toBe('final');
    expect(desenlaceDeRespuesta({ success: false, codigo: '0109' })).toBe('reintentar');
    expect(desenlaceDeRespuesta({ success: false, codigo: 'soap-env:Server.200' })).toBe('reintentar');
  });

  it('the flow leaving out every boleta is final; unreachable, a boleta held elsewhere or anything else is retried', () => {
    expect(desenlaceDeError(batchRefused(TEXTOS.informar.ninguna, ['B001-1: ya tiene un ticket en proceso.']))).toBe('final');
    expect(desenlaceDeError(sunatUnavailable('sin respuesta'))).toBe('reintentar');
    expect(desenlaceDeError(conflict('B001-1 ya está en el lote X, pendiente de SUNAT.'))).toBe('reintentar');
    // a boleta deleted between the query and the call: the next check no longer finds it
    expect(desenlaceDeError(invalidField('ids.0', 'La venta seleccionada no existe.'))).toBe('reintentar');
    expect(desenlaceDeError(new HttpException({ success: false, message: 'x' }, HttpStatus.SERVICE_UNAVAILABLE))).toBe('reintentar');
    expect(desenlaceDeError(new Error('connection terminated'))).toBe('reintentar');
  });
});
