import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { closeXsdValidators, MAX_XSD_INPUT_BYTES, validateXsd, XsdKind } from './xsd';

const SAMPLES = resolve(__dirname, '../../../vendor/sunat/samples');
const sample = (folder: string, file: string) => readFileSync(join(SAMPLES, folder, file));

afterAll(() => closeXsdValidators());

describe('validateXsd (libxml2-wasm over vendor/sunat/xsd)', () => {
  // The signed samples SUNAT-style tools validate (vendor/sunat/PROVENANCE.md, "xmllint results").
  it.each<[XsdKind, string, string]>([
    ['invoice', 'invoice', '20200464529-01-F001-697.xml'],
    ['creditNote', 'creditnote', '20100454523-07-FC01-211.xml'],
    ['debitNote', 'debitnote', '20100454523-08-FD01-211.xml'],
    ['despatch', 'despatch', '20000000001-09-T001-123.v1-2018.xml'],
    ['summary', 'summary', '20000000001-RC-20180126-1.xml'],
    ['summary', 'summary', '20123456789-RC-20201007-001.xml'],
    ['summary', 'summary', 'openubl-summaryDocuments.xml'],
    ['voided', 'voided', '20600995805-RA-20170719-01.xml'],
    ['voided', 'voided', 'openubl-voidedDocument.xml'],
  ])('%s: %s/%s validates', async (kind, folder, file) => {
    expect(await validateXsd(kind, sample(folder, file))).toEqual({ valid: true, errors: [] });
  });

  it('every sample folder has been covered by a kind', () => {
    expect(
      readdirSync(SAMPLES, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    ).toEqual(['cdr', 'creditnote', 'debitnote', 'despatch', 'invoice', 'soap', 'summary', 'voided']);
  });

  it('an unsigned builder output (empty ext:ExtensionContent) is invalid, with the line and the element', async () => {
    const result = await validateXsd('creditNote', sample('creditnote', 'openubl-CreditNote-MinData_RUC.xml'));
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(
      /^línea \d+: Element '\{urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2\}ExtensionContent': Missing child element/,
    );
  });

  it('a misplaced element and the wrong root are reported', async () => {
    const invoice = sample('invoice', '20200464529-01-F001-697.xml').toString('utf8');
    const broken = invoice.replace(/<cbc:UBLVersionID>/, '<cbc:Nonsense>x</cbc:Nonsense><cbc:UBLVersionID>');
    expect((await validateXsd('invoice', broken)).errors.join('\n')).toMatch(/Nonsense': This element is not expected/);
    expect((await validateXsd('creditNote', invoice)).errors.join('\n')).toMatch(/No matching global declaration/);
  });

  it('malformed XML, oversized input and external entities do not validate (and nothing is read from disk)', async () => {
    expect(await validateXsd('invoice', '<Invoice')).toMatchObject({ valid: false, errors: [expect.any(String)] });
    expect(await validateXsd('invoice', Buffer.alloc(MAX_XSD_INPUT_BYTES + 1, 32))).toEqual({
      valid: false,
      errors: [expect.stringMatching(/supera el máximo/)],
    });
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&x;</Invoice>`;
    const result = await validateXsd('invoice', xxe);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).not.toMatch(/root:/);
  });

  it('validates concurrently and fast once the schema is compiled', async () => {
    const xml = sample('invoice', '20200464529-01-F001-697.xml');
    await validateXsd('invoice', xml);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => validateXsd('invoice', xml)));
    expect(results.every((r) => r.valid)).toBe(true);
    expect((performance.now() - started) / 20).toBeLessThan(500);
  });

  it('a validation that does not answer in time rejects (never hangs), and the next one starts a fresh worker', async () => {
    const xml = sample('invoice', '20200464529-01-F001-697.xml');
    await closeXsdValidators();
    await expect(validateXsd('invoice', xml, { timeoutMs: 1 })).rejects.toThrow(/sin respuesta en 1 ms/);
    expect(await validateXsd('invoice', xml)).toEqual({ valid: true, errors: [] });
  });

  it('an unknown kind or missing schema folder rejects', async () => {
    await expect(validateXsd('nope' as XsdKind, '<a/>')).rejects.toThrow(/desconocido/);
    await expect(validateXsd('invoice', '<a/>', { xsdDir: '/nonexistent' })).rejects.toThrow(/No existe/);
  });
});
