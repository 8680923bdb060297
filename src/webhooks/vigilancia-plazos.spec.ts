import { diasEntre, umbralCertificado } from './vigilancia-plazos.service';

describe('certificate notices', () => {
  it('the nearest of 30, 7 and 1 days reached; nothing before 30 or once expired', () => {
    expect(umbralCertificado(45)).toBeNull();
    expect(umbralCertificado(31)).toBeNull();
    expect(umbralCertificado(30)).toBe(30);
    expect(umbralCertificado(8)).toBe(30);
    expect(umbralCertificado(7)).toBe(7);
    expect(umbralCertificado(2)).toBe(7);
    expect(umbralCertificado(1)).toBe(1);
    expect(umbralCertificado(0)).toBe(1);
    expect(umbralCertificado(-1)).toBeNull();
  });

  it('counts whole calendar days', () => {
    expect(diasEntre('2025-03-01', '2025-03-01')).toBe(0);
    expect(diasEntre('2025-02-27', '2025-03-01')).toBe(2);
    expect(diasEntre('2024-12-31', '2025-01-30')).toBe(30);
    expect(diasEntre('2025-03-02', '2025-03-01')).toBe(-1);
  });
});
