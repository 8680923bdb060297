import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';

/** Every DTO file under src/ (…/dto/*.ts and *.dto.ts / *.query.ts). */
function dtoFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return dtoFiles(path);
    return /\.(dto|query)\.ts$/.test(name) || (dir.endsWith('/dto') && name.endsWith('.ts') && !name.endsWith('.spec.ts')) ? [path] : [];
  });
}

interface Meta {
  target: Function;
  propertyName: string;
  name?: string;
  type: string;
  each?: boolean;
}

/**
 * Issue 14: every list a client can send has a maximum, and every string a maximum length, so no
 * body can make the service loop over 50,000 lines or store a megabyte in a name.
 */
describe('DTO bounds', () => {
  const root = join(__dirname, '../../src');
  const files = dtoFiles(root);
  for (const file of files) require(file);
  const metas = (getMetadataStorage() as unknown as { validationMetadatas: Map<Function, Meta[]> }).validationMetadatas;
  const all: Meta[] = [...metas.values()].flat();
  const byProperty = new Map<string, Meta[]>();
  for (const m of all) {
    const key = `${m.target.name}.${m.propertyName}`;
    byProperty.set(key, [...(byProperty.get(key) ?? []), m]);
  }
  /** Inherited rules count too (a DTO extending another keeps its parent's decorators). */
  const rulesOf = (target: Function, property: string): Meta[] => {
    const out: Meta[] = [];
    for (let t: Function | null = target; t && t !== Function.prototype; t = Object.getPrototypeOf(t))
      out.push(...(byProperty.get(`${t.name}.${property}`) ?? []));
    return out;
  };
  const names = (ms: Meta[]) => new Set(ms.map((m) => m.name ?? m.type));

  it('finds the DTOs', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(byProperty.size).toBeGreaterThan(100);
  });

  it('every array has ArrayMaxSize', () => {
    const unbounded = [...byProperty.entries()]
      .filter(([, ms]) => names(ms).has('isArray') || ms.some((m) => m.type === 'nestedValidation' && m.each))
      .filter(([key, ms]) => !names(rulesOf(ms[0].target, key.split('.')[1])).has('arrayMaxSize'))
      .map(([key]) => key);
    expect(unbounded).toEqual([]);
  });

  it('every string has a maximum length', () => {
    const unbounded = [...byProperty.entries()]
      .filter(([, ms]) => names(ms).has('isString'))
      .filter(([key, ms]) => {
        const rules = names(rulesOf(ms[0].target, key.split('.')[1]));
        return ![
          'maxLength',
          'isLength',
          'isIn',
          'isEnum',
          'matches',
          'isDateString',
          'isISO8601',
          'isEmail',
          'isRuc',
          'isCodigoCatalogo',
          'isNumberString',
          'isDecimal',
        ].some((n) => rules.has(n));
      })
      .map(([key]) => key);
    expect(unbounded).toEqual([]);
  });

  it('every integer has a maximum its column can hold', () => {
    const unbounded = [...byProperty.entries()]
      .filter(([, ms]) => names(ms).has('isInt'))
      .filter(([key, ms]) => !['max', 'isIn'].some((n) => names(rulesOf(ms[0].target, key.split('.')[1])).has(n)))
      .map(([key]) => key);
    expect(unbounded).toEqual([]);
  });
});
