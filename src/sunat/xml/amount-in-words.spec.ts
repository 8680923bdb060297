import { amountInWords, integerInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    ['0.00', 'SON CERO CON 00/100 SOLES'],
    ['0.01', 'SON CERO CON 01/100 SOLES'],
    ['1.00', 'SON UNO CON 00/100 SOLES'],
    ['15.5', 'SON QUINCE CON 50/100 SOLES'],
    ['16.00', 'SON DIECISÉIS CON 00/100 SOLES'],
    ['21.00', 'SON VEINTIUNO CON 00/100 SOLES'],
    ['22.00', 'SON VEINTIDÓS CON 00/100 SOLES'],
    ['30.00', 'SON TREINTA CON 00/100 SOLES'],
    ['31.00', 'SON TREINTA Y UNO CON 00/100 SOLES'],
    ['100.00', 'SON CIEN CON 00/100 SOLES'],
    ['101.00', 'SON CIENTO UNO CON 00/100 SOLES'],
    ['118.00', 'SON CIENTO DIECIOCHO CON 00/100 SOLES'],
    ['500.00', 'SON QUINIENTOS CON 00/100 SOLES'],
    ['1000.00', 'SON MIL CON 00/100 SOLES'],
    ['1001.00', 'SON MIL UNO CON 00/100 SOLES'],
    ['2360.00', 'SON DOS MIL TRESCIENTOS SESENTA CON 00/100 SOLES'],
    ['21000.00', 'SON VEINTIÚN MIL CON 00/100 SOLES'],
    ['31000.00', 'SON TREINTA Y UN MIL CON 00/100 SOLES'],
    ['100000.00', 'SON CIEN MIL CON 00/100 SOLES'],
    ['101000.00', 'SON CIENTO UN MIL CON 00/100 SOLES'],
    ['1000000.00', 'SON UN MILLÓN CON 00/100 SOLES'],
    ['1000001.00', 'SON UN MILLÓN UNO CON 00/100 SOLES'],
    ['1001000.00', 'SON UN MILLÓN MIL CON 00/100 SOLES'],
    ['2000000.00', 'SON DOS MILLONES CON 00/100 SOLES'],
    ['21000000.00', 'SON VEINTIÚN MILLONES CON 00/100 SOLES'],
    ['100000000.00', 'SON CIEN MILLONES CON 00/100 SOLES'],
    ['999999999.99', 'SON NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES'],
  ])('%s -> %s', (amount, words) => {
    expect(amountInWords(amount, 'PEN')).toBe(words);
  });

  it('names US dollars', () => {
    expect(amountInWords('118.00', 'USD')).toBe('SON CIENTO DIECIOCHO CON 00/100 DÓLARES AMERICANOS');
  });

  it('names the other catálogo 02 currencies in Spanish, plural (issue 18)', () => {
    expect(amountInWords('236.00', 'EUR')).toBe('SON DOSCIENTOS TREINTA Y SEIS CON 00/100 EUROS');
    expect(amountInWords('1.50', 'GBP')).toBe('SON UNO CON 50/100 LIBRAS ESTERLINAS');
    expect(amountInWords('21000.00', 'MXN')).toBe('SON VEINTIÚN MIL CON 00/100 PESOS MEXICANOS');
  });

  it.each(['-1.00', '1000000000.00', '1.005', 'abc', ''])('refuses %p', (amount) => {
    expect(() => amountInWords(amount, 'PEN')).toThrow(RangeError);
  });

  it('fits the 200-character legend limit for every amount shape', () => {
    for (let n = 0; n <= 999_999_999; n += 7_777_777) {
      expect(`${integerInWords(n)} CON 99/100 DÓLARES AMERICANOS`.length).toBeLessThanOrEqual(196);
    }
    expect(amountInWords('777777777.77', 'USD').length).toBeLessThanOrEqual(200);
  });

  it('never produces doubled or trailing spaces', () => {
    for (let n = 0; n < 3000; n++) expect(integerInWords(n)).toMatch(/^\S+( \S+)*$/);
  });
});
