import type { DataSource } from 'typeorm';
import { ENVIO_ENVIANDO, ENVIO_FALLIDO, ENVIO_PENDIENTE, TIPOS_ENVIO, TipoEnvio } from '@/sunat/nest/envios/envio-tipos';
import type { EnEsperaView } from './sunat-estado.view';
import { errorSinSecretos } from './texto-publico';

const EN_ESPERA = [ENVIO_PENDIENTE, ENVIO_ENVIANDO];

/** The company's documents in the send queue that have not gone yet (waiting for their turn, or being sent). */
export async function enEspera(db: DataSource, empresaId: number): Promise<EnEsperaView> {
  const [porTipo, antiguos]: [
    Array<{ tipo: TipoEnvio; n: number }>,
    Array<{ tipo: TipoEnvio; id_documento: number; creado_en: Date; intentos: number; ultimo_error: string | null }>,
  ] = await Promise.all([
    db.query(`SELECT tipo, count(*)::int AS n FROM envios_sunat WHERE id_empresa = $1 AND estado = ANY($2) GROUP BY tipo`, [empresaId, EN_ESPERA]),
    db.query(
      `SELECT tipo, id_documento, creado_en, intentos, ultimo_error FROM envios_sunat
          WHERE id_empresa = $1 AND estado = ANY($2) ORDER BY creado_en, id LIMIT 1`,
      [empresaId, EN_ESPERA],
    ),
  ]);
  const por_tipo = Object.fromEntries(TIPOS_ENVIO.map((tipo) => [tipo, 0])) as Record<TipoEnvio, number>;
  for (const { tipo, n } of porTipo) por_tipo[tipo] = n;
  const [antiguo] = antiguos;
  return {
    total: porTipo.reduce((total, { n }) => total + n, 0),
    por_tipo,
    mas_antiguo: antiguo
      ? {
          tipo: antiguo.tipo,
          id_documento: antiguo.id_documento,
          desde: antiguo.creado_en.toISOString(),
          intentos: antiguo.intentos,
          ultimo_error: errorSinSecretos(antiguo.ultimo_error),
        }
      : null,
  };
}

/**
 * The company's queue rows whose automatic send ended for good (an answer sending again cannot change). Each
 * document is queued once, when it is created, so this is a count of documents; one sent by hand since then is
 * still counted.
 */
export async function fallidos(db: DataSource, empresaId: number): Promise<number> {
  const [{ n }]: Array<{ n: number }> = await db.query(`SELECT count(*)::int AS n FROM envios_sunat WHERE id_empresa = $1 AND estado = $2`, [
    empresaId,
    ENVIO_FALLIDO,
  ]);
  return n;
}
