import { documentFileName, summaryFileName, summaryId, voidedFileName, voidedId } from './file-names';

describe('file names', () => {
  it('names invoices, notes and guides {RUC}-{tipo}-{serie}-{correlativo}.xml', () => {
    expect(documentFileName('20000000001', '01', 'F001', 123)).toBe('20000000001-01-F001-123.xml');
    expect(documentFileName('20000000001', '07', 'FC01', 5)).toBe('20000000001-07-FC01-5.xml');
    expect(documentFileName('20000000001', '09', 'T001', 1)).toBe('20000000001-09-T001-1.xml');
  });

  it('names summaries and voidings with the date and a 3-digit correlative', () => {
    expect(summaryFileName('20000000001', '2024-03-05', 1)).toBe('20000000001-RC-20240305-001.xml');
    expect(voidedFileName('20000000001', '2024-12-31', 27)).toBe('20000000001-RA-20241231-027.xml');
    expect(summaryId('2024-03-05', 1000)).toBe('RC-20240305-1000');
    expect(voidedId('2024-03-05', 2)).toBe('RA-20240305-002');
  });

  it('refuses malformed dates and correlatives', () => {
    expect(() => summaryId('05/03/2024', 1)).toThrow('Fecha inválida');
    expect(() => voidedId('2024-03-05', 0)).toThrow('Correlativo inválido');
    expect(() => voidedId('2024-03-05', 1.5)).toThrow('Correlativo inválido');
  });
});
