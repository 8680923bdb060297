import { ALREADY_REGISTERED_CODES, classify, describeCode, isAlreadyRegistered, isKnownCode, normalizeCode } from './return-codes';

describe('return-code catalog', () => {
  it('describes codes with SUNAT text', () => {
    expect(describeCode('2335')).toEqual({
      codigo: '2335',
      descripcion: 'El documento electrónico ingresado ha sido alterado',
      tipo: 'rechazado',
    });
    expect(describeCode(111).descripcion).toBe('No tiene el perfil para enviar comprobantes electronicos');
    expect(describeCode('0102').tipo).toBe('excepcion');
  });

  it('ships the whole catalog (about two thousand codes)', () => {
    for (const code of ['0001', '0100', '0151', '0306', '1033', '2223', '3030', '4001', '4441']) {
      expect(isKnownCode(code)).toBe(true);
    }
    expect(isKnownCode('9999')).toBe(false);
    expect(describeCode('9999').descripcion).toMatch(/no registrado/);
  });

  it.each([
    ['0', 'aceptado'],
    ['0013', 'consulta'],
    ['0100', 'excepcion'],
    ['1999', 'excepcion'],
    ['2000', 'rechazado'],
    ['3999', 'rechazado'],
    ['4000', 'observado'],
    ['4441', 'observado'],
    ['Client', 'excepcion'],
  ])('classify(%s) = %s', (code, expected) => {
    expect(classify(code)).toBe(expected);
  });

  it('normalizes codes to four digits', () => {
    expect(normalizeCode(' 111 ')).toBe('0111');
    expect(normalizeCode('abc')).toBe('abc');
  });

  it('knows the already-registered family from the catalog descriptions', () => {
    for (const code of ['1032', '1033', '2223', '0140', '2109', '0402']) expect(isAlreadyRegistered(code)).toBe(true);
    for (const code of ['0', '2335', '0151', '2614', '4000']) expect(isAlreadyRegistered(code)).toBe(false);
    expect(isAlreadyRegistered(140)).toBe(true);
    expect(ALREADY_REGISTERED_CODES.size).toBeGreaterThanOrEqual(4);
  });
});
