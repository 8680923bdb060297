import { contenidoDebito } from '@/notas/nota-contenido';
import { NotaKind } from '@/notas/nota-kind';
import { NotaDebito } from './entities/nota-debito.entity';

export const NOTA_DEBITO: NotaKind = {
  tipo: 'ND',
  tipoEnvio: 'nd',
  tipoDocumento: '08',
  entity: NotaDebito,
  tabla: 'notas_debito',
  series: { '01': 'FD01', '03': 'BD01' },
  recurso: 'Nota de débito',
  ruta: 'notas-debito',
  anulaVenta: false,
  motivosAnulacionTotal: [],
  // SUNAT's catálogo 10 has no 04: 'Otros conceptos' is its 03 'Penalidades/ otros conceptos' (04 is rejected, 2172).
  codigoEnXml: { '04': '03' },
  contenido: contenidoDebito,
};
