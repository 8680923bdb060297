import { summaryLineAmounts } from './summary-amounts';

describe('summary line amounts (SPEC.md Summary construction)', () => {
  it('splits a taxed sale into taxable and IGV', () => {
    expect(summaryLineAmounts('59.00', 0.18, 9)).toEqual({
      total: '59.00',
      gravadas: '50.00',
      exoneradas: '0.00',
      inafectas: '0.00',
      igv: '9.00',
      porcentaje_igv: '18.00',
    });
    expect(summaryLineAmounts(100, 0.18, '15.25')).toMatchObject({ gravadas: '84.75', igv: '15.25' });
  });

  it('reports a sale without IGV as exonerated', () => {
    expect(summaryLineAmounts('25', 0.18, 0)).toMatchObject({ gravadas: '0.00', exoneradas: '25.00', igv: '0.00' });
  });
});
