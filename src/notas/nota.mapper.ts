import { VentaView } from '@/ventas/dto/venta-view';
import { MotivoNota } from './entities/motivo-nota.entity';
import { NotaBase } from './entities/nota-base';
import { Emisor } from '@/empresas/emisor.service';
import { Moneda } from '@/sunat/documents/common';
import { documentFileName } from '@/sunat/documents/file-names';
import { Note } from '@/sunat/documents/note';
import { customerOf } from '@/ventas/venta.mapper';
import { ContenidoNota } from './nota-contenido';
import { codigoMotivoXml, NotaKind } from './nota-kind';

export interface MotivoView {
  id: number;
  tipo: string;
  codigo_sunat: string;
  descripcion: string;
  estado: boolean;
}

/** A note as the API shows it; amounts are numbers with 2 decimals. */
export interface NotaView {
  id: number;
  id_empresa: number;
  id_usuario: number | null;
  id_venta: number;
  motivo_id: number;
  serie: string;
  numero: number;
  numero_completo: string;
  tipo_doc_afectado: string;
  serie_num_afectado: string;
  descripcion_motivo: string;
  monto_subtotal: number;
  monto_igv: number;
  monto_total: number;
  moneda: string;
  fecha_emision: string;
  hora_emision: string;
  estado: string;
  /** Voiding (RA): 'en_proceso', 'aceptada' or null. */
  baja: string | null;
  hash_cpe: string | null;
  xml_url: string | null;
  nombre_xml: string | null;
  cdr_url: string | null;
  codigo_sunat: string | null;
  mensaje_sunat: string | null;
  /** SUNAT's observations (4000+), 'codigo - mensaje': its rules at signing, then its CDR's notes. */
  observaciones: string[];
  /** Issue 19: a partial note never annuls its sale; reason 13 carries the new instalments. */
  parcial: boolean;
  /** Partial credit notes and itemised debit notes: the lines they carry (null: the whole sale / one amount line). */
  lineas: Array<{
    cantidad: number;
    unidad: string;
    codigo: string;
    descripcion: string;
    tipo_afectacion_igv: string;
    precio_unitario: number;
    total: number;
  }> | null;
  cuotas: Array<{ monto: number; fecha_vencimiento: string }> | null;
  created_at: Date;
  updated_at: Date;
  motivo?: MotivoView;
  venta?: VentaView;
}

export const toMotivoView = (m: MotivoNota): MotivoView => ({
  id: m.id,
  tipo: m.tipo,
  codigo_sunat: m.codigo_sunat,
  descripcion: m.descripcion,
  estado: m.estado,
});

export function toNotaView(n: NotaBase, extra: { motivo?: MotivoNota; venta?: VentaView } = {}): NotaView {
  return {
    id: n.id,
    id_empresa: n.id_empresa,
    id_usuario: n.id_usuario,
    id_venta: n.id_venta,
    motivo_id: n.motivo_id,
    serie: n.serie,
    numero: n.numero,
    numero_completo: `${n.serie}-${n.numero}`,
    tipo_doc_afectado: n.tipo_doc_afectado,
    serie_num_afectado: n.serie_num_afectado,
    descripcion_motivo: n.descripcion_motivo,
    monto_subtotal: Number(n.monto_subtotal),
    monto_igv: Number(n.monto_igv),
    monto_total: Number(n.monto_total),
    moneda: n.moneda,
    fecha_emision: n.fecha_emision,
    hora_emision: n.hora_emision,
    estado: n.estado,
    baja: n.baja ?? null,
    hash_cpe: n.hash_cpe,
    xml_url: n.xml_url,
    nombre_xml: n.nombre_xml,
    cdr_url: n.cdr_url,
    codigo_sunat: n.codigo_sunat,
    mensaje_sunat: n.mensaje_sunat,
    observaciones: n.observaciones ?? [],
    parcial: n.parcial ?? false,
    lineas: n.lineas ? n.lineas.map((l) => ({ ...l, cantidad: Number(l.cantidad), precio_unitario: Number(l.precio_unitario), total: Number(l.total) })) : null,
    cuotas: n.cuotas ? n.cuotas.map((c) => ({ monto: Number(c.monto), fecha_vencimiento: c.fecha_vencimiento })) : null,
    created_at: n.created_at,
    updated_at: n.updated_at,
    ...(extra.motivo ? { motivo: toMotivoView(extra.motivo) } : {}),
    ...(extra.venta ? { venta: extra.venta } : {}),
  };
}

/** Storage name without '.xml': '{RUC}-07-FC01-3' (SPEC "Sale-based document identifiers"). */
export function nombreNota(kind: NotaKind, ruc: string, serie: string, numero: number): string {
  return documentFileName(ruc, kind.tipoDocumento, serie, numero).replace(/\.xml$/, '');
}

type DatosNota = Pick<
  NotaBase,
  'serie' | 'numero' | 'fecha_emision' | 'hora_emision' | 'moneda' | 'descripcion_motivo' | 'tipo_doc_afectado' | 'serie_num_afectado'
>;

/** The UBL CreditNote / DebitNote model of a note. */
export function toNote(kind: NotaKind, nota: DatosNota, codigoMotivo: string, venta: VentaView, emisor: Emisor, contenido: ContenidoNota): Note {
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
    ...(contenido.cuotas ? { cuotas: contenido.cuotas } : {}),
  };
}
