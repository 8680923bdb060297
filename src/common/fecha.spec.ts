import { diasDesde, hoyLima, inicioDelDiaLima, sumarDias } from './fecha';

describe('fecha (America/Lima)', () => {
  it('uses Lima calendar day, not UTC', () => {
    // 2026-01-02 03:00 UTC is still 2026-01-01 22:00 in Lima
    expect(hoyLima(new Date('2026-01-02T03:00:00Z'))).toBe('2026-01-01');
    expect(hoyLima(new Date('2026-01-02T05:00:00Z'))).toBe('2026-01-02');
  });

  it('counts days to today in Lima', () => {
    const now = new Date('2026-01-10T04:59:00Z'); // 2026-01-09 23:59 Lima
    expect(diasDesde('2026-01-02', now)).toBe(7);
    expect(diasDesde('2026-01-01', now)).toBe(8);
  });
});

describe('sumarDias and inicioDelDiaLima', () => {
  it('crosses months and years, both ways', () => {
    expect(sumarDias('2025-12-30', 3)).toBe('2026-01-02');
    expect(sumarDias('2024-03-01', -1)).toBe('2024-02-29');
    expect(sumarDias('2025-06-15', 0)).toBe('2025-06-15');
  });

  it('a Lima day begins at 05:00 UTC and hoyLima agrees on both sides of it', () => {
    const inicio = inicioDelDiaLima('2026-01-02');
    expect(inicio.toISOString()).toBe('2026-01-02T05:00:00.000Z');
    expect(hoyLima(inicio)).toBe('2026-01-02');
    expect(hoyLima(new Date(inicio.getTime() - 1))).toBe('2026-01-01');
  });
});
