import { esperaDeReintento } from './reintento';

describe('esperaDeReintento', () => {
  it('doubles from the base with each attempt, between half and all of it', () => {
    expect(esperaDeReintento(1, 1000, 60_000, () => 0)).toBe(500);
    expect(esperaDeReintento(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(esperaDeReintento(2, 1000, 60_000, () => 1)).toBe(2000);
    expect(esperaDeReintento(4, 1000, 60_000, () => 0.5)).toBe(6000);
  });

  it('never exceeds the cap, whatever the attempt count', () => {
    expect(esperaDeReintento(10, 1000, 60_000, () => 1)).toBe(60_000);
    expect(esperaDeReintento(10_000, 1000, 60_000, () => 1)).toBe(60_000);
    expect(esperaDeReintento(10_000, 1000, 60_000, () => 0)).toBe(30_000);
  });

  it('spreads a backlog: different random draws give different waits', () => {
    const waits = new Set([0.1, 0.4, 0.7, 0.9].map((r) => esperaDeReintento(3, 1000, 60_000, () => r)));
    expect(waits.size).toBe(4);
  });
});
