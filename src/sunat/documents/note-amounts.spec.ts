import { noteAmounts } from './note-amounts';

describe('noteAmounts (SPEC.md credit note XML content)', () => {
  it('applies the SPEC formulas and defaults to a plain sale', () => {
    const { totals, lines } = noteAmounts({ rate: 0.18, total: 2360, lines: [{ precio_unitario: 118, cantidad: 20 }] });
    expect(totals).toEqual({ gravadas: '2000.00', exoneradas: '0.00', inafectas: '0.00', igv: '360.00', total: '2360.00' });
    expect(lines).toEqual([
      {
        codigo: 'P001',
        descripcion: 'Producto',
        unidad: 'NIU',
        cantidad: '20',
        valor_unitario: '100.00',
        precio_unitario: '118.00',
        tipo_afectacion_igv: '10',
        valor_venta: '2000.00',
        igv: '360.00',
        porcentaje_igv: '18.00',
      },
    ]);
  });

  it("carries a line's product code only when it names one (none, or SPEC's 10000000, is no code)", () => {
    const codigos = (codigo_sunat?: string | null) =>
      noteAmounts({ rate: 0.18, total: 118, lines: [{ precio_unitario: 118, cantidad: 1, codigo_sunat }] }).lines.map((l) => l.codigo_sunat);
    expect([codigos(), codigos(null), codigos(''), codigos('10000000'), codigos('43211503')]).toEqual([
      [undefined],
      [undefined],
      [undefined],
      [undefined],
      ['43211503'],
    ]);
  });

  it('rounds half up on exact decimals where binary floats would round down', () => {
    // 1.005 is 1.00499999... as a double; decimal arithmetic keeps it at the half.
    const { lines } = noteAmounts({ rate: 0, total: '1.005', lines: [{ precio_unitario: '1.005', cantidad: 1 }] });
    expect(lines[0].valor_unitario).toBe('1.01');
    expect(lines[0].porcentaje_igv).toBe('0.00');
  });

  it('computes each figure from the unrounded quotient, as the SPEC states', () => {
    // 10 x 9.99 = 99.90; 99.90 / 1.18 = 84.661016...; x 0.18 = 15.238983...
    const { totals, lines } = noteAmounts({ rate: '0.18', total: '99.90', lines: [{ precio_unitario: 9.99, cantidad: 10 }] });
    expect(lines[0]).toMatchObject({ valor_unitario: '8.47', valor_venta: '84.66', igv: '15.24' });
    expect(totals).toMatchObject({ gravadas: '84.66', igv: '15.24', total: '99.90' });
  });

  it('keeps sale line data when present', () => {
    const { lines } = noteAmounts({
      rate: 0.18,
      total: 10,
      lines: [{ precio_unitario: 10, cantidad: '1', codigo: 'X1', codigo_sunat: '43211503', unidad: 'ZZ', descripcion: 'Servicio' }],
    });
    expect(lines[0]).toMatchObject({ codigo: 'X1', codigo_sunat: '43211503', unidad: 'ZZ', descripcion: 'Servicio' });
  });

  it('reports exonerated and unaffected lines without IGV', () => {
    const { totals, lines } = noteAmounts({
      rate: 0.18,
      total: '316.00',
      lines: [
        { precio_unitario: 118, cantidad: 2, tipo_afectacion_igv: '10' },
        { precio_unitario: 50, cantidad: 1, tipo_afectacion_igv: '20' },
        { precio_unitario: 10, cantidad: 3, tipo_afectacion_igv: '30' },
      ],
    });
    expect(totals).toEqual({ gravadas: '200.00', exoneradas: '50.00', inafectas: '30.00', igv: '36.00', total: '316.00' });
    expect(lines.map((l) => [l.valor_unitario, l.valor_venta, l.igv])).toEqual([
      ['100.00', '200.00', '36.00'],
      ['50.00', '50.00', '0.00'],
      ['10.00', '30.00', '0.00'],
    ]);
  });

  it('refuses affectations this service does not issue', () => {
    expect(() => noteAmounts({ rate: 0.18, total: 1, lines: [{ precio_unitario: 1, cantidad: 1, tipo_afectacion_igv: '40' }] })).toThrow('40');
  });
});
