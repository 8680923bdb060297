import { contenidoCredito } from '@/notas/nota-contenido';
import { NotaKind } from '@/notas/nota-kind';
import { NotaCredito } from './entities/nota-credito.entity';

export const NOTA_CREDITO: NotaKind = {
  tipo: 'NC',
  tipoEnvio: 'nc',
  tipoDocumento: '07',
  entity: NotaCredito,
  tabla: 'notas_credito',
  series: { '01': 'FC01', '03': 'BC01' },
  recurso: 'Nota de crédito',
  ruta: 'notas-credito',
  anulaVenta: true,
  // Catálogo 09: 01 anulación de la operación, 02 anulación por error en el RUC, 06 devolución total.
  motivosAnulacionTotal: ['01', '02', '06'],
  codigoEnXml: {},
  contenido: contenidoCredito,
};
