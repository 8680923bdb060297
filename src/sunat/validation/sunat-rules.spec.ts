import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { isSunatFileName, runSunatRules, validateSunatRules, MAX_XML_BYTES, type SunatRulesTipo } from './index';
import { repoRoot } from './paths';

// The first use of a rule file compiles it (xslt3, a few seconds to a minute on a busy machine; then cached on
// disk under node_modules/.cache/sunat-rules): generous timeouts, no timing assertions.
const SLOW = 300_000;
const TODAY = '2026-01-15';

const samplesDir = path.join(repoRoot(), 'vendor', 'sunat', 'samples');
const fixtures = path.join(__dirname, 'testing');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

interface Expected {
  tipo: SunatRulesTipo;
  errors: string[];
  observaciones: string[];
}
const expected = JSON.parse(readFileSync(path.join(samplesDir, 'expected-codes.json'), 'utf8')) as Record<string, Expected>;

async function codes(tipo: SunatRulesTipo, xml: Buffer | string, fileName?: string) {
  const findings = await validateSunatRules(tipo, xml, { today: TODAY, fileName });
  return {
    errors: findings.filter((f) => f.severidad === 'error').map((f) => f.codigo),
    observaciones: findings.filter((f) => f.severidad === 'observacion').map((f) => f.codigo),
    findings,
  };
}

describe('SUNAT XSL rules (SaxonJS) on the vendored samples', () => {
  it('has recorded Java results for the samples', () => {
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(13);
  });

  for (const [rel, want] of Object.entries(expected)) {
    it(
      `${rel} (${want.tipo}) gives the codes the Java reference tool gives`,
      async () => {
        const file = path.join(samplesDir, rel);
        expect(existsSync(file)).toBe(true);
        const own = path.basename(rel);
        const got = await codes(want.tipo, readFileSync(file), isSunatFileName(own, want.tipo) ? own : undefined);
        expect(got.errors).toEqual(want.errors);
        expect(got.observaciones).toEqual(want.observaciones);
      },
      SLOW,
    );
  }
});

describe('SUNAT XSL rules on derived documents', () => {
  it(
    'a factura to a DNI client is rejected with 2800, with the catalogue message and the node',
    async () => {
      const got = await codes('01', fixture('factura-dni-client.xml'));
      expect(got.errors).toEqual(['2800']);
      expect(got.observaciones).toEqual([]);
      expect(got.findings[0]).toEqual({
        codigo: '2800',
        mensaje: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
        severidad: 'error',
        ubicacion: 'cbc:ID/schemeID',
      });
    },
    SLOW,
  );

  it.each([
    ['01', 'derived-factura-01.xml'],
    ['03', 'derived-boleta-03.xml'],
    ['09', 'derived-gre-09.xml'],
    ['07', 'nc-legend-200.xml'],
  ] as Array<[SunatRulesTipo, string]>)(
    'clean derived document %s %s gives no finding',
    async (tipo, name) => {
      expect(await validateSunatRules(tipo, fixture(name), { today: TODAY })).toEqual([]);
    },
    SLOW,
  );

  it.each([
    ['01', 'factura-legend-201.xml', ['3006']],
    ['07', 'nc-legend-201.xml', ['3006']],
    ['07', 'nc-no-discrepancy-text.xml', ['2136']],
    ['08', 'nd-no-discrepancy-text.xml', ['2136']],
    ['07', 'nc-ruc-length.xml', ['1034', '1035', '1036']],
  ] as Array<[SunatRulesTipo, string, string[]]>)(
    'defect %s %s gives %j',
    async (tipo, name, want) => {
      expect((await codes(tipo, fixture(name))).errors).toEqual(want);
    },
    SLOW,
  );

  it(
    'the file-name rule: a factura sent under another RUC gives 1034',
    async () => {
      const got = await codes('01', fixture('derived-factura-01.xml'), '20999999999-01-F001-1.xml');
      expect(got.errors).toEqual(['1034']);
      expect(got.findings[0].ubicacion).toBe('cac:PartyIdentification/cbc:ID');
      // the name built from the XML passes
      expect((await codes('01', fixture('derived-factura-01.xml'))).errors).toEqual([]);
    },
    SLOW,
  );

  it(
    'stopAtFirst returns the first error only, as SUNAT does',
    async () => {
      const xml = readFileSync(path.join(samplesDir, 'creditnote/20100454523-07-FC01-211.xml'));
      const all = await validateSunatRules('07', xml, { today: TODAY, fileName: '20100454523-07-FC01-211.xml' });
      expect(all.filter((f) => f.severidad === 'error').length).toBeGreaterThan(1);
      const first = await validateSunatRules('07', xml, { today: TODAY, fileName: '20100454523-07-FC01-211.xml', stopAtFirst: true });
      expect(first.filter((f) => f.severidad === 'error').map((f) => f.codigo)).toEqual(['2135']);
    },
    SLOW,
  );

  it(
    'reports rule file, file name and timings',
    async () => {
      const r = await runSunatRules('03', fixture('derived-boleta-03.xml'), { today: TODAY });
      expect(r.ruleFile).toBe('ValidaExprRegBoleta-2.0.1.xsl');
      expect(r.fileName).toBe('12345678912-03-B001-1.xml');
      expect(r.notes.join('\n')).toMatch(/undeclared variable \$nroLinea/);
    },
    SLOW,
  );
});

describe('SUNAT XSL rules: a rule that cannot be evaluated', () => {
  // the Java tool stops at the same rule: "rule evaluation failed: Cannot convert string ... (at <file>:<line>)"
  it.each([
    ['edge-line-amount-comma-01.xml', '"1,000.00"', 'ValidaExprRegFactura-2.0.1.xsl:6516'],
    ['edge-payable-not-numeric-01.xml', '"abc"', 'ValidaExprRegFactura-2.0.1.xsl:599'],
  ])('%s fails on the value and rule the Java tool names', async (file, value, rule) => {
    const failure = await validateSunatRules('01', fixture(file), { today: TODAY }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(failure).toContain(value);
    expect(failure).toContain(`(at ${rule})`);
  });
});

describe('SUNAT XSL rules: input handling', () => {
  it('a document that is not well-formed gives the single finding 0306', async () => {
    for (const xml of ['<Invoice><cbc:ID>1</Invoice>', '<a/><b/>', Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e])]) {
      const f = await validateSunatRules('01', xml, { today: TODAY });
      expect(f).toHaveLength(1);
      expect(f[0]).toMatchObject({ codigo: '0306', severidad: 'error', mensaje: 'No se puede leer (parsear) el archivo XML' });
    }
  });

  it('refuses a document of another tipo and an oversized one', async () => {
    await expect(validateSunatRules('01', fixture('nc-legend-200.xml'))).rejects.toThrow(/expects a Invoice document/);
    await expect(validateSunatRules('01', Buffer.alloc(MAX_XML_BYTES + 1, 0x20))).rejects.toThrow(RangeError);
    await expect(validateSunatRules('01', '<a/>', { today: '2026-02-30' })).rejects.toThrow(RangeError);
  });
});
