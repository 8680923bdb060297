import { isKnownUbigeo, plain, searchUbigeos } from './ubigeo-catalog';

describe('ubigeo catalog', () => {
  it('holds every district and knows codes', () => {
    expect(searchUbigeos('15', 5000).length).toBeGreaterThan(170);
    expect(isKnownUbigeo('150101')).toBe(true);
    expect(isKnownUbigeo('999999')).toBe(false);
    expect(isKnownUbigeo(150101)).toBe(false);
  });

  it('searches without accents and ranks the district name first', () => {
    expect(plain('Ancón  ')).toBe('ANCON');
    expect(searchUbigeos('ancón')[0]).toEqual({ code: '150102', distrito: 'ANCON', provincia: 'LIMA', departamento: 'LIMA' });
    expect(searchUbigeos('nepena').map((u) => u.distrito)).toContain('NEPEÑA');
    expect(searchUbigeos('miraflores lima')[0].code).toBe('150122');
    expect(searchUbigeos('miraflores arequipa').map((u) => u.departamento)).toEqual(['AREQUIPA']);
  });

  it('limits results and ignores empty text', () => {
    expect(searchUbigeos('a', 7)).toHaveLength(7);
    expect(searchUbigeos('   ')).toEqual([]);
  });
});
