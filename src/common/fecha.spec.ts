import { diasDesde, hoyLima } from './fecha';

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
