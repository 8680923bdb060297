import commonList from './data/common-passwords.json';
import { isCommonPassword, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('vendors the 1,000 entries of its source, with the source named', () => {
    expect(commonList.passwords).toHaveLength(1000);
    expect(commonList.fuente).toContain('10-million-password-list-top-1000.txt');
    expect(commonList.passwords.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('measures the maximum in UTF-8 bytes and the minimum in characters', () => {
    expect(passwordProblem('ñ'.repeat(36))).toBeNull();
    expect(passwordProblem('ñ'.repeat(37))).toMatch(/72 bytes/);
    expect(passwordProblem('ñandú-río')).toMatch(/al menos 10 caracteres/);
    expect(passwordProblem('😀'.repeat(10))).toBeNull(); // 10 characters, 40 bytes
  });

  it('refuses listed passwords in any case, also with digits or symbols appended, and nothing else', () => {
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('superman2024!!')).toBe(true);
    expect(isCommonPassword('correcto-caballo-bateria')).toBe(false);
    expect(isCommonPassword('2024202420')).toBe(false);
  });
});
