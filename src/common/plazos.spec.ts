import { diasDesde, sumarDias } from './fecha';
import { DIAS_ATRAS_EMISION, fechasPorVencer, HORAS_POR_VENCER, PlazoEnvio, venceEnvioSunat } from './plazos';

const HORA = 3_600_000;
const PLAZOS: PlazoEnvio[] = ['factura', 'boleta', 'guia'];

describe('deadlines to reach SUNAT', () => {
  it('a factura ends with its third day after issue, a boleta its seventh, a guide its transfer day (end of day in Lima)', () => {
    expect(venceEnvioSunat('factura', '2025-03-10').toISOString()).toBe('2025-03-14T05:00:00.000Z');
    expect(venceEnvioSunat('boleta', '2025-03-10').toISOString()).toBe('2025-03-18T05:00:00.000Z');
    expect(venceEnvioSunat('guia', '2025-03-10').toISOString()).toBe('2025-03-11T05:00:00.000Z');
    expect(venceEnvioSunat('factura', '2025-12-30').toISOString()).toBe('2026-01-03T05:00:00.000Z');
  });

  it('agrees with the issue-date rule of sales: a sale that may still be dated so is still inside its deadline', () => {
    const now = new Date('2025-03-14T04:59:59.999Z'); // 2025-03-13 23:59:59.999 Lima
    for (let atras = 0; atras <= 10; atras++) {
      const fecha = sumarDias('2025-03-13', -atras);
      for (const plazo of ['factura', 'boleta'] as const) {
        const creable = diasDesde(fecha, now) <= DIAS_ATRAS_EMISION[plazo];
        expect([plazo, fecha, venceEnvioSunat(plazo, fecha) > now]).toEqual([plazo, fecha, creable]);
      }
    }
  });

  it('the window is (now, now + 24 h]: both ends exactly', () => {
    const vence = venceEnvioSunat('factura', '2025-03-10');
    const dentro = (now: Date) => {
      const { desde, hasta } = fechasPorVencer('factura', now);
      return desde <= '2025-03-10' && '2025-03-10' <= hasta;
    };
    expect(dentro(new Date(vence.getTime() - HORAS_POR_VENCER * HORA))).toBe(true);
    expect(dentro(new Date(vence.getTime() - HORAS_POR_VENCER * HORA - 1))).toBe(false);
    expect(dentro(new Date(vence.getTime() - 1))).toBe(true);
    expect(dentro(vence)).toBe(false);
  });

  it('the dates of fechasPorVencer are exactly those whose deadline falls in the window, for any hour and window', () => {
    const inicio = new Date('2025-12-28T00:00:00Z').getTime();
    const desacuerdos: string[] = [];
    let casos = 0;
    for (const plazo of PLAZOS) {
      for (const horas of [1, 24, 36, 72]) {
        // every 47 minutes over five days, so the instants fall at every hour of the Lima day
        for (let t = inicio; t < inicio + 5 * 24 * HORA; t += 47 * 60_000) {
          const now = new Date(t);
          const { desde, hasta } = fechasPorVencer(plazo, now, horas);
          for (let d = -15; d <= 5; d++) {
            const fecha = sumarDias('2026-01-01', d);
            const vence = venceEnvioSunat(plazo, fecha).getTime();
            const enVentana = vence > t && vence <= t + horas * HORA;
            casos += enVentana ? 1 : 0;
            if ((desde <= fecha && fecha <= hasta) !== enVentana) desacuerdos.push(`${plazo} ${horas} h ${now.toISOString()} ${fecha}: ${desde}..${hasta}`);
          }
        }
      }
    }
    expect(desacuerdos.slice(0, 5)).toEqual([]);
    expect(casos).toBeGreaterThan(1000);
  });

  it('with 24 hours, exactly one base date is por vencer: the one whose last day is today', () => {
    const now = new Date('2025-03-13T20:00:00Z'); // 15:00 Lima
    expect(fechasPorVencer('factura', now)).toEqual({ desde: '2025-03-10', hasta: '2025-03-10' });
    expect(fechasPorVencer('boleta', now)).toEqual({ desde: '2025-03-06', hasta: '2025-03-06' });
    expect(fechasPorVencer('guia', now)).toEqual({ desde: '2025-03-13', hasta: '2025-03-13' });
  });
});
