import { invalidField } from '@/common/errors/http-errors';

/** The most days one reconciliation covers (a month), so one check stays within a day of SUNAT's limits. */
export const MAX_DIAS_CONCILIACION = 31;

/** 422 unless hasta is desde or later, at most MAX_DIAS_CONCILIACION days in all, both real dates. */
export function validarRango(desde: string, hasta: string): void {
  const inicio = Date.parse(`${desde}T00:00:00Z`);
  const fin = Date.parse(`${hasta}T00:00:00Z`);
  if (Number.isNaN(inicio) || new Date(inicio).toISOString().slice(0, 10) !== desde) throw invalidField('desde', 'desde no es una fecha válida');
  if (Number.isNaN(fin) || new Date(fin).toISOString().slice(0, 10) !== hasta) throw invalidField('hasta', 'hasta no es una fecha válida');
  if (fin < inicio) throw invalidField('hasta', 'hasta debe ser igual o posterior a desde');
  if ((fin - inicio) / 86_400_000 + 1 > MAX_DIAS_CONCILIACION) {
    throw invalidField('hasta', `el rango abarca a lo más ${MAX_DIAS_CONCILIACION} días`);
  }
}
