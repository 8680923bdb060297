import type { EstadoGuia } from '@/common/estados';
import { GuiaRemision } from './entities/guia-remision.entity';
import { GuiaRemisionDetalle } from './entities/guia-remision-detalle.entity';

export interface GuiaDetalleResponse {
  id: number;
  id_producto: number | null;
  codigo: string | null;
  descripcion: string;
  cantidad: number;
  unidad: string;
}

export interface GuiaResponse {
  id: number;
  id_empresa: number;
  id_usuario: number | null;
  id_venta: number | null;
  serie: string;
  numero: number;
  numero_completo: string;
  fecha_emision: string;
  hora_emision: string;
  destinatario_tipo_doc: string;
  destinatario_documento: string;
  destinatario_nombre: string;
  motivo_traslado: string;
  descripcion_motivo: string | null;
  mod_transporte: string;
  fecha_traslado: string;
  peso_total: number;
  und_peso_total: string;
  ubigeo_partida: string;
  dir_partida: string;
  ubigeo_llegada: string;
  dir_llegada: string;
  transportista_tipo_doc: string | null;
  transportista_documento: string | null;
  transportista_nombre: string | null;
  transportista_nro_mtc: string | null;
  conductor_tipo_doc: string | null;
  conductor_documento: string | null;
  conductor_nombres: string | null;
  conductor_apellidos: string | null;
  conductor_licencia: string | null;
  vehiculo_placa: string | null;
  vehiculo_m1l: boolean;
  observaciones: string | null;
  estado: EstadoGuia;
  ticket_sunat: string | null;
  hash_cpe: string | null;
  xml_url: string | null;
  nombre_xml: string | null;
  cdr_url: string | null;
  codigo_sunat: string | null;
  mensaje_sunat: string | null;
  qr_url: string | null;
  created_at: Date;
  updated_at: Date;
  detalles?: GuiaDetalleResponse[];
}

export function toGuiaDetalleResponse(d: GuiaRemisionDetalle): GuiaDetalleResponse {
  return { id: d.id, id_producto: d.id_producto, codigo: d.codigo, descripcion: d.descripcion, cantidad: Number(d.cantidad), unidad: d.unidad };
}

/** Columns shown as stored; anything added to the entity stays private until listed here. */
const FIELDS = [
  'id',
  'id_empresa',
  'id_usuario',
  'id_venta',
  'serie',
  'numero',
  'fecha_emision',
  'hora_emision',
  'destinatario_tipo_doc',
  'destinatario_documento',
  'destinatario_nombre',
  'motivo_traslado',
  'descripcion_motivo',
  'mod_transporte',
  'fecha_traslado',
  'und_peso_total',
  'ubigeo_partida',
  'dir_partida',
  'ubigeo_llegada',
  'dir_llegada',
  'transportista_tipo_doc',
  'transportista_documento',
  'transportista_nombre',
  'transportista_nro_mtc',
  'conductor_tipo_doc',
  'conductor_documento',
  'conductor_nombres',
  'conductor_apellidos',
  'conductor_licencia',
  'vehiculo_placa',
  'vehiculo_m1l',
  'observaciones',
  'estado',
  'ticket_sunat',
  'hash_cpe',
  'xml_url',
  'nombre_xml',
  'cdr_url',
  'codigo_sunat',
  'mensaje_sunat',
  'qr_url',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof GuiaRemision>;

/** Lists leave the lines out; the detail carries them. */
export function toGuiaResponse(g: GuiaRemision): GuiaResponse {
  const stored = Object.fromEntries(FIELDS.map((k) => [k, g[k]])) as Pick<GuiaRemision, (typeof FIELDS)[number]>;
  return {
    ...stored,
    numero_completo: `${g.serie}-${g.numero}`,
    peso_total: Number(g.peso_total),
    ...(g.detalles ? { detalles: [...g.detalles].sort((a, b) => a.id - b.id).map(toGuiaDetalleResponse) } : {}),
  };
}
