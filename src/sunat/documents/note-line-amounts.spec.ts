import { LineCredited, NOTHING_CREDITED, notePart, noteTotalsOf, spreadCents, StoredSaleLine } from './note-line-amounts';

const gravada: StoredSaleLine = {
  codigo: 'P1',
  descripcion: 'ITEM',
  unidad: 'NIU',
  cantidad: '3',
  tipo_afectacion_igv: '10',
  valor_venta: '100.00',
  igv: '18.00',
  porcentaje_igv: '18.00',
};

const sum = (parts: LineCredited[], k: keyof LineCredited) => parts.reduce((a, p) => a + Math.round(Number(p[k]) * 100), 0) / 100;

function acumulado(a: LineCredited, b: LineCredited): LineCredited {
  const add = (k: keyof LineCredited) => (Number(a[k]) + Number(b[k])).toFixed(k === 'cantidad' ? 0 : 2);
  return {
    cantidad: add('cantidad'),
    valor_venta: add('valor_venta'),
    igv: add('igv'),
    isc: add('isc'),
    isc_base: add('isc_base'),
    icbper: add('icbper'),
    total: add('total'),
  };
}

describe('note-line-amounts (issue 19)', () => {
  it('spreadCents: parts add up to the amount, the leftover cents to the largest fractions', () => {
    expect(spreadCents('100.00', ['472.00', '118.00', '150.00'])).toEqual(['63.78', '15.95', '20.27']);
    expect(spreadCents('0.01', ['1', '1', '1'])).toEqual(['0.01', '0.00', '0.00']);
    expect(spreadCents('5.00', ['0', '0'])).toEqual(['0.00', '0.00']);
  });

  it('returning 1 unit at a time: each part is a third of what remains and the three add up to the line exactly', () => {
    const parts: LineCredited[] = [];
    let credited = NOTHING_CREDITED;
    for (let i = 0; i < 3; i++) {
      const p = notePart(gravada, credited, { kind: 'cantidad', cantidad: '1' });
      parts.push(p.taken);
      credited = acumulado(credited, p.taken);
    }
    // 118.00 / 3 = 39.33 -> 33.33 + 6.00; then 78.67 / 2 = 39.34 -> 33.34 + 6.00; the last takes 39.33 (33.33 + 6.00)
    expect(parts.map((p) => [p.valor_venta, p.igv, p.total])).toEqual([
      ['33.33', '6.00', '39.33'],
      ['33.34', '6.00', '39.34'],
      ['33.33', '6.00', '39.33'],
    ]);
    expect([sum(parts, 'valor_venta'), sum(parts, 'igv'), sum(parts, 'total')]).toEqual([100, 18, 118]);
  });

  it('an amount: value scaled, the tax takes the rest; a free line charges nothing', () => {
    const p = notePart(gravada, NOTHING_CREDITED, { kind: 'monto', monto: '11.80' });
    expect(p.line).toMatchObject({ cantidad: '3', valor_venta: '10.00', igv: '1.80', valor_unitario: '3.3333333333', precio_unitario: '3.9333333333' });
    const gratis = notePart({ ...gravada, tipo_afectacion_igv: '13' }, NOTHING_CREDITED, { kind: 'cantidad', cantidad: '1' });
    expect(gratis.line).toMatchObject({ valor_venta: '33.33', igv: '6.00', valor_unitario: '0.00' });
    expect(gratis.taken.total).toBe('0.00');
    expect(noteTotalsOf([p.line, gratis.line])).toMatchObject({ gravadas: '10.00', igv: '1.80', gratuitas: '33.33', igv_gratuitas: '6.00', total: '11.80' });
  });

  it('ISC and ICBPER follow the part: ISC scaled with its base, ICBPER per returned bag', () => {
    const conIsc = notePart(
      { ...gravada, cantidad: '1', valor_venta: '181.82', igv: '36.00', isc: { sistema: '01', base: '181.82', monto: '18.18', porcentaje: '10' } },
      NOTHING_CREDITED,
      { kind: 'monto', monto: '23.60' },
    );
    expect(conIsc.line).toMatchObject({ valor_venta: '18.18', igv: '3.60', isc: { sistema: '01', base: '18.18', monto: '1.82', porcentaje: '10' } });
    const bolsas = notePart({ ...gravada, valor_venta: '0.25', igv: '0.05', icbper: { monto: '1.50', tasa: '0.50' } }, NOTHING_CREDITED, {
      kind: 'cantidad',
      cantidad: '2',
    });
    expect(bolsas.line).toMatchObject({ valor_venta: '0.17', igv: '0.03', icbper: { monto: '1.00', tasa: '0.50' } });
    expect(bolsas.taken.total).toBe('1.20');
  });
});
