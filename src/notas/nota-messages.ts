import { NotFoundException } from '@nestjs/common';
import { NotaKind } from './nota-kind';

export const MSG_NOTA = {
  noEncontrada: (kind: NotaKind) => `${kind.recurso} no encontrada.`,
  ventaNoExiste: 'La venta no existe.',
  ventaAnulada: 'La venta está anulada.',
  ventaRechazada: 'La venta fue rechazada o dada de baja en SUNAT.',
  facturaNoAceptada: 'La factura aún no fue aceptada por SUNAT; envíela antes de emitir la nota.',
  ventaYaAnuladaPorNota: 'La venta ya tiene una nota de crédito de anulación (pendiente o aceptada).',
  ventaConNotaTotal: 'La venta ya tiene una nota de crédito por el total (pendiente o aceptada).',
  ventaConNotasParciales: 'La venta ya tiene notas de crédito parciales; emita otra nota parcial por lo que queda.',
  motivoNoExiste: 'El motivo no existe.',
  motivoOtroTipo: (kind: NotaKind) => `El motivo no corresponde a una ${kind.recurso.toLowerCase()}.`,
  motivoInactivo: 'El motivo no está activo.',
  rechazada: 'SUNAT rechazó esta nota; su número ya no puede reenviarse. Emita una nueva nota.',
  anulada: 'La nota fue dada de baja en SUNAT (comunicación de baja aceptada).',
  enviando: 'La nota se está enviando a SUNAT; intente nuevamente en unos segundos.',
  ventaNoEncontrada: 'Venta no encontrada con esa serie y número.',
  creada: (kind: NotaKind) => `${kind.recurso} creada correctamente.`,
} as const;

export const notaNoEncontrada = (kind: NotaKind) => new NotFoundException({ success: false, message: MSG_NOTA.noEncontrada(kind) });

/** 404 for a file that was never generated or received ('XML no encontrado.', 'CDR no encontrado.'). */
export const archivoNoEncontrado = (que: 'XML' | 'CDR') => new NotFoundException({ success: false, message: `${que} no encontrado.` });
