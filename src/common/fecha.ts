/** Calendar dates in Peru's time zone (America/Lima, UTC-5, no DST): "today" and deadlines use it. */
const LIMA = 'America/Lima';

// Built once: an Intl formatter costs tens of microseconds to create and every create and list asks for the date.
const FECHA = new Intl.DateTimeFormat('en-CA', { timeZone: LIMA, year: 'numeric', month: '2-digit', day: '2-digit' });
const HORA = new Intl.DateTimeFormat('en-GB', { timeZone: LIMA, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

export function hoyLima(now: Date = new Date()): string {
  return FECHA.format(now);
}

export function horaLima(now: Date = new Date()): string {
  return HORA.format(now);
}

/** Whole days from an issue date (YYYY-MM-DD) to today in Lima. */
export function diasDesde(fecha: string, now: Date = new Date()): number {
  const today = Date.parse(`${hoyLima(now)}T00:00:00Z`);
  const from = Date.parse(`${fecha}T00:00:00Z`);
  return Math.round((today - from) / 86_400_000);
}

/** The date (YYYY-MM-DD) `n` calendar days after `fecha` (before it when negative). */
export function sumarDias(fecha: string, n: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The instant a Lima calendar day begins (Peru keeps UTC-5 all year). */
export function inicioDelDiaLima(fecha: string): Date {
  return new Date(`${fecha}T00:00:00-05:00`);
}
/** The instant a Lima wall-clock time ('HH:MM') is reached on a Lima date (YYYY-MM-DD). */
export function momentoLima(fecha: string, hora: string): Date {
  return new Date(`${fecha}T${hora}:00-05:00`);
}

/** The date `dias` days before a date (YYYY-MM-DD), calendar arithmetic only. */
export function diasAntes(fecha: string, dias: number): string {
  return sumarDias(fecha, -dias);
}
