import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { HealthController } from './health.controller';

export const HEALTH_DOCS: DocsDe<HealthController> = {
  check: {
    summary: 'Estado del servicio y de la base de datos',
    description: '503 `{success:false, status:"error", database:"down"}` cuando PostgreSQL no responde.',
    publico: true,
    respuesta: { example: { success: true, status: 'ok', database: 'ok' } },
  },
  ready: {
    summary: 'Preparado para atender (base de datos, cola de tickets, almacenamiento, reglas y esquemas de SUNAT)',
    description: 'Informe de Terminus con `success`; 503 cuando una comprobación falla.',
    publico: true,
  },
  sunatCheck: {
    summary: 'Alcance de SUNAT por modo (beta y producción)',
    description: 'Aparte de la disponibilidad: SUNAT caído no detiene el servicio. 503 cuando un modo no responde.',
    publico: true,
  },
};
