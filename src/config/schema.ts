/**
 * A small typed validator for environment variables: each config namespace declares a schema (variable
 * -> rule), and `readEnv` returns the typed values or throws one ConfigError naming every wrong variable,
 * so a bad deployment stops at boot instead of failing on the first request that needs the value.
 */
export class ConfigError extends Error {
  constructor(
    readonly namespace: string,
    readonly problems: string[],
  ) {
    super(`Configuración '${namespace}' inválida: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the raw value (undefined or '' when unset); returns the value or throws a message without the name. */
export interface Rule<T> {
  parse(raw: string | undefined): T;
}

class Invalid extends Error {}
const unset = (raw: string | undefined): raw is undefined => raw === undefined || raw === '';

export function int(fallback: number | undefined, range: { min?: number; max?: number } = {}): Rule<number> {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
  const bounds = range.max !== undefined ? `entre ${min} y ${max}` : `>= ${min}`;
  return {
    parse(raw) {
      if (unset(raw)) {
        if (fallback === undefined) throw new Invalid('es obligatoria');
        return fallback;
      }
      const value = Number(raw.trim());
      if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max)
        throw new Invalid(`debe ser un entero ${bounds}: '${raw}'`);
      return value;
    },
  };
}

export function bool(fallback: boolean): Rule<boolean> {
  return {
    parse(raw) {
      if (unset(raw)) return fallback;
      const v = raw.trim().toLowerCase();
      if (['1', 'true', 'yes'].includes(v)) return true;
      if (['0', 'false', 'no'].includes(v)) return false;
      throw new Invalid(`debe ser booleana (true/false): '${raw}'`);
    },
  };
}

export function str(fallback?: string, check?: { pattern: RegExp; describe: string }): Rule<string> {
  return {
    parse(raw) {
      if (unset(raw)) {
        if (fallback === undefined) throw new Invalid('es obligatoria');
        return fallback;
      }
      if (check && !check.pattern.test(raw)) throw new Invalid(`debe ser ${check.describe}: '${raw}'`);
      return raw;
    },
  };
}

export function optional(check?: { pattern: RegExp; describe: string }): Rule<string | undefined> {
  return {
    parse(raw) {
      if (unset(raw)) return undefined;
      if (check && !check.pattern.test(raw)) throw new Invalid(`debe ser ${check.describe}: '${raw}'`);
      return raw;
    },
  };
}

export function oneOf<const T extends string>(values: readonly T[], fallback: T): Rule<T> {
  return {
    parse(raw) {
      if (unset(raw)) return fallback;
      if (!(values as readonly string[]).includes(raw)) throw new Invalid(`debe ser ${values.map((v) => `'${v}'`).join(' o ')}: '${raw}'`);
      return raw as T;
    },
  };
}

export const URL_RULE = { pattern: /^[a-z][a-z0-9+.-]*:\/\/\S+$/i, describe: 'una URL' };
export const DECIMAL_RULE = { pattern: /^\d{1,3}(\.\d{1,2})?$/, describe: 'un número decimal (18.00)' };

export type Schema = Record<string, Rule<unknown>>;
export type Values<S extends Schema> = { [K in keyof S]: S[K] extends Rule<infer T> ? T : never };

export function readEnv<S extends Schema>(namespace: string, schema: S, env: NodeJS.ProcessEnv = process.env): Values<S> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(schema)) {
    try {
      values[name] = rule.parse(env[name]);
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      problems.push(`${name} ${error.message}`);
    }
  }
  if (problems.length) throw new ConfigError(namespace, problems);
  return values as Values<S>;
}
