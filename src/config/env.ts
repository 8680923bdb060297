/** Small typed readers for environment variables: config namespaces validate at boot with these. */
export function envString(name: string, fallback?: string): string {
  const value = process.env[name];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  throw new Error(`Falta la variable de entorno ${name}`);
}

export function envOptional(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function envInt(name: string, fallback: number): number {
  const raw = envOptional(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`La variable de entorno ${name} debe ser un entero: '${raw}'`);
  return value;
}

export function envBool(name: string, fallback: boolean): boolean {
  const raw = envOptional(name);
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new Error(`La variable de entorno ${name} debe ser booleana: '${raw}'`);
}

export function isProduction(): boolean {
  return process.env.NODE_ENV === 'production';
}
