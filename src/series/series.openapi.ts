import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { SeriesController } from './series.controller';

export const SERIES_DOCS: DocsDe<SeriesController> = {
  list: { summary: 'Listar las series de la empresa activa' },
  create: {
    summary: 'Crear una serie',
    description: '`correlativo`: último número ya emitido en otro sistema (al migrar).',
    body: { tipo_documento: '01', serie: 'F002', correlativo: 0 },
  },
};
