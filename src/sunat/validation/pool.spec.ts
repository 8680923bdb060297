import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { runSunatRulesHere } from './engine';
import { runSunatRules, SunatRulesBusy, SunatRulesPool, SunatRulesTimeout, useSunatRulesPool, validateSunatRules } from './index';

// Workers start ts-node and load the compiled rules (seconds on a busy machine): generous timeouts, no timing
// assertions.
const SLOW = 300_000;
const TODAY = '2026-01-15';
const fixture = (name: string) => readFileSync(path.join(__dirname, 'testing', name));

describe('SUNAT rules pool (worker threads)', () => {
  let pool: SunatRulesPool;

  beforeAll(() => {
    pool = new SunatRulesPool({ size: 1, warmRuleFiles: [], timeoutMs: SLOW });
  });
  afterAll(async () => {
    useSunatRulesPool(null);
    await pool.close();
  });

  it(
    'gives in a worker the findings of this thread, through validateSunatRules when the pool is in use',
    async () => {
      const xml = fixture('derived-boleta-03.xml');
      const here = await runSunatRulesHere('03', xml, { today: TODAY });
      const there = await pool.run('03', xml, { today: TODAY });
      expect(there.findings).toEqual(here.findings);
      useSunatRulesPool(pool);
      try {
        const viaApi = await validateSunatRules('03', xml, { today: TODAY });
        expect(viaApi.map((f) => f.codigo)).toEqual(here.findings.map((f) => f.codigo));
        expect((await runSunatRules('03', '<no', { today: TODAY })).findings.map((f) => f.codigo)).toEqual(['0306']);
        // errors keep their class across the thread boundary
        await expect(validateSunatRules('03', '<a/>', { today: '2026-02-30' })).rejects.toThrow(RangeError);
        await expect(validateSunatRules('01', fixture('nc-legend-200.xml'))).rejects.toThrow(/expects a Invoice document/);
      } finally {
        useSunatRulesPool(null);
      }
    },
    SLOW,
  );

  it(
    'refuses at once when the queue is full, and answers the documents it took',
    async () => {
      const small = new SunatRulesPool({ size: 1, maxQueue: 1, warmRuleFiles: [], timeoutMs: SLOW });
      try {
        const xml = fixture('derived-boleta-03.xml');
        const first = small.run('03', xml, { today: TODAY }); // taken by the worker
        const second = small.run('03', xml, { today: TODAY }); // waits
        await expect(small.run('03', xml, { today: TODAY })).rejects.toBeInstanceOf(SunatRulesBusy);
        expect((await first).findings).toEqual((await second).findings);
      } finally {
        await small.close();
      }
    },
    SLOW,
  );

  it(
    'fails a document over the timeout and replaces the worker',
    async () => {
      const strict = new SunatRulesPool({ size: 1, timeoutMs: 1, warmRuleFiles: [] });
      try {
        await expect(strict.run('03', fixture('derived-boleta-03.xml'), { today: TODAY })).rejects.toBeInstanceOf(SunatRulesTimeout);
        expect(strict.workers).toBe(1);
      } finally {
        await strict.close();
      }
    },
    SLOW,
  );
});
