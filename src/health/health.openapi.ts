import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { HealthController } from './health.controller';

export const HEALTH_DOCS: DocsDe<HealthController> = {
  check: {
    summary: 'Estado del servicio y de la base de datos',
    description: '503 `{success:false, status:"error", database:"down"}` cuando PostgreSQL no responde.',
    publico: true,
    respuesta: { example: { success: true, status: 'ok', database: 'ok' } },
  },
};
