import { calcularTotales, DescuentoExcesivo } from './totales';

describe('calcularTotales', () => {
  it('adds 10.10 x 3, 0.1 and 0.2 exactly and splits the IGV so the parts add up', () => {
    const t = calcularTotales(
      [
        { cantidad: 3, precio_unitario: 10.1 },
        { cantidad: 1, precio_unitario: 0.1 },
        { cantidad: 1, precio_unitario: 0.2 },
      ],
      0.6,
      true,
    );
    // 30.30 + 0.10 + 0.20 = 30.60; - 0.60 = 30.00; 30 / 1.18 = 25.4237.. -> 25.42; igv 30.00 - 25.42 = 4.58
    expect(t).toEqual({
      lineas: [
        { precio: '10.10', importe: '30.30' },
        { precio: '0.10', importe: '0.10' },
        { precio: '0.20', importe: '0.20' },
      ],
      monto_bruto: '30.60',
      descuento: '0.60',
      subtotal: '25.42',
      igv: '4.58',
      total: '30.00',
    });
  });

  it('without IGV the subtotal is the total and igv is zero', () => {
    const t = calcularTotales(
      [
        { cantidad: 2, precio_unitario: 0.1 },
        { cantidad: 1, precio_unitario: 0.2 },
      ],
      undefined,
      false,
    );
    expect([t.monto_bruto, t.descuento, t.subtotal, t.igv, t.total]).toEqual(['0.40', '0.00', '0.40', '0.00', '0.40']);
  });

  it('uses precio_especial when given, including 0, and precio_unitario when it is null', () => {
    const t = calcularTotales(
      [
        { cantidad: 2, precio_unitario: 50, precio_especial: 45 },
        { cantidad: 1, precio_unitario: 9, precio_especial: 0 },
        { cantidad: 1, precio_unitario: 7, precio_especial: null },
      ],
      0,
      false,
    );
    expect(t.lineas.map((l) => l.importe)).toEqual(['90.00', '0.00', '7.00']);
    expect(t.total).toBe('97.00');
  });

  it('rounds each line half-up to cents before adding', () => {
    // 0.35 x 0.5 = 0.175 -> 0.18 (three lines: 0.54, not round(0.525) = 0.53)
    const t = calcularTotales(
      [0, 1, 2].map(() => ({ cantidad: 0.5, precio_unitario: 0.35 })),
      0,
      false,
    );
    expect(t.monto_bruto).toBe('0.54');
  });

  it('refuses a discount above the gross amount and allows one equal to it', () => {
    expect(() => calcularTotales([{ cantidad: 1, precio_unitario: 10 }], 10.01, true)).toThrow(DescuentoExcesivo);
    const t = calcularTotales([{ cantidad: 1, precio_unitario: 10 }], 10, true);
    expect([t.total, t.subtotal, t.igv]).toEqual(['0.00', '0.00', '0.00']);
  });
});
