import { EntityTarget } from 'typeorm';
import type { TipoEnvio } from '@/sunat/nest/envios/envio-tipos';
import { NotaBase } from './entities/nota-base';
import { TipoNota } from './entities/motivo-nota.entity';
import { ContenidoNota, EntradaContenido } from './nota-contenido';

/** What differs between credit and debit notes; every shared service takes one of these. */
export interface NotaKind {
  tipo: TipoNota;
  /** The kind in the send queue (each note table numbers its own ids). */
  tipoEnvio: Extract<TipoEnvio, 'nc' | 'nd'>;
  /** SUNAT catálogo 01: '07' nota de crédito, '08' nota de débito. */
  tipoDocumento: '07' | '08';
  entity: EntityTarget<NotaBase>;
  /** The entity's table, whose highest number is a floor of the series counter. */
  tabla: 'notas_credito' | 'notas_debito';
  /** Series by the affected sale's cod_sunat ('01' factura, '03' boleta). */
  series: Readonly<Record<string, string>>;
  /** 'Nota de crédito', for messages. */
  recurso: string;
  /** Path under /api, for the URLs stored on the note. */
  ruta: string;
  /** An accepted note annuls its sale (estado '2', estado_sunat '2'): credit notes only. */
  anulaVenta: boolean;
  /** Reason codes that annul the whole sale: only one such note (pending or accepted) per sale. */
  motivosAnulacionTotal: readonly string[];
  /** Reason codes of this service written in the XML as another SUNAT code (ND 04 -> 03). */
  codigoEnXml: Readonly<Record<string, string>>;
  /** Amounts and XML lines: copied from the sale (NC) or the debited amount (ND). */
  contenido(input: EntradaContenido): ContenidoNota;
}

/** The reason code written in cac:DiscrepancyResponse/cbc:ResponseCode. */
export function codigoMotivoXml(kind: NotaKind, codigo: string): string {
  return kind.codigoEnXml[codigo] ?? codigo;
}

export const notaUrls = {
  xml: (kind: NotaKind, nombreXml: string) => `/api/${kind.ruta}/xml/${nombreXml}`,
  cdr: (kind: NotaKind, id: number) => `/api/${kind.ruta}/${id}/cdr`,
};
