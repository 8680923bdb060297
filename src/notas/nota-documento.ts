import { Emisor } from '@/empresas/emisor.service';
import { Moneda } from '@/sunat/documents/common';
import { documentFileName } from '@/sunat/documents/file-names';
import { Note } from '@/sunat/documents/note';
import { VentaView } from '@/ventas/dto/venta-view';
import { customerOf } from '@/ventas/venta-xml.service';
import { NotaBase } from './entities/nota-base';
import { ContenidoNota } from './nota-contenido';
import { codigoMotivoXml, NotaKind } from './nota-kind';

/** Storage name without '.xml': '{RUC}-07-FC01-3' (SPEC "Sale-based document identifiers"). */
export function nombreNota(kind: NotaKind, ruc: string, serie: string, numero: number): string {
  return documentFileName(ruc, kind.tipoDocumento, serie, numero).replace(/\.xml$/, '');
}

type DatosNota = Pick<
  NotaBase,
  'serie' | 'numero' | 'fecha_emision' | 'hora_emision' | 'moneda' | 'descripcion_motivo' | 'tipo_doc_afectado' | 'serie_num_afectado'
>;

/** The UBL CreditNote / DebitNote model of a note. */
export function notaDocumento(kind: NotaKind, nota: DatosNota, codigoMotivo: string, venta: VentaView, emisor: Emisor, contenido: ContenidoNota): Note {
  return {
    tipo: kind.tipoDocumento,
    serie: nota.serie,
    correlativo: nota.numero,
    fecha_emision: nota.fecha_emision,
    hora_emision: nota.hora_emision,
    moneda: nota.moneda as Moneda,
    motivo: { codigo: codigoMotivoXml(kind, codigoMotivo), descripcion: nota.descripcion_motivo },
    documento_afectado: { tipo: nota.tipo_doc_afectado as '01' | '03', numero: nota.serie_num_afectado },
    company: emisor.company,
    customer: customerOf(venta.cliente),
    lines: contenido.lines,
    totals: contenido.totals,
  };
}
