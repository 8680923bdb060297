import type { DataSource } from 'typeorm';
import { SERVICIOS_SUNAT, ServicioSunat } from '@/sunat/nest/envios/envio-tipos';
import type { ServicioView } from './sunat-estado.view';
import { errorDeServicio } from './texto-publico';

/**
 * SUNAT's services as the senders' breakers last recorded them. A service never seen down has no row: available.
 * The error is shown while the service is down (it says why) and cleaned of anything another company could not see.
 */
export async function servicios(db: DataSource): Promise<ServicioView[]> {
  const filas: Array<{ servicio: ServicioSunat; caido_desde: Date | null; ultimo_error: string | null }> = await db.query(
    `SELECT servicio, caido_desde, ultimo_error FROM servicios_sunat WHERE servicio = ANY($1)`,
    [[...SERVICIOS_SUNAT]],
  );
  return SERVICIOS_SUNAT.map((servicio) => {
    const fila = filas.find((f) => f.servicio === servicio);
    const caido = fila?.caido_desde ?? null;
    return {
      servicio,
      disponible: caido === null,
      caido_desde: caido?.toISOString() ?? null,
      ultimo_error: caido === null ? null : errorDeServicio(fila?.ultimo_error ?? null),
    };
  });
}
