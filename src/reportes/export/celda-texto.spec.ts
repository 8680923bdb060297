import { celdaTexto } from './celda-texto';

describe('celdaTexto', () => {
  it.each(['=HYPERLINK("http://x","y")', '+51 999', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])('neutralises %j', (v) => {
    expect(celdaTexto(v)).toBe(`'${v}`);
  });

  it.each(['MINERA CONDOR S.A.', '20123456789', '', "O'HIGGINS", ' =espacio primero'])('keeps %j as it is', (v) => {
    expect(celdaTexto(v)).toBe(v);
  });

  it('turns null into an empty cell', () => {
    expect(celdaTexto(null)).toBe('');
  });
});
