import type { Company, TipoDocIdentidad } from '@/sunat/documents/common';
import type { Despatch } from '@/sunat/documents/despatch';
import { GuiaRemision } from './entities/guia-remision.entity';
import { descripcionMotivo } from './motivos-traslado';
import type { EstadoGuia } from '@/common/estados';
import type { ConductorGuia, DocumentoRelacionadoGuia, ParteGuia, PuertoGuia } from './guia-datos-motivo';
import { descripcionDocumento } from './documentos-relacionados';
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
  documentos_relacionados: DocumentoRelacionadoGuia[];
  proveedor: ParteGuia | null;
  comprador: ParteGuia | null;
  establecimiento_partida: string | null;
  establecimiento_partida_ruc: string | null;
  establecimiento_llegada: string | null;
  establecimiento_llegada_ruc: string | null;
  numero_bultos: number | null;
  puerto: PuertoGuia | null;
  conductores_secundarios: ConductorGuia[];
  vehiculos_secundarios: string[];
  observaciones_sunat: string[];
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
  'documentos_relacionados',
  'proveedor',
  'comprador',
  'establecimiento_partida',
  'establecimiento_partida_ruc',
  'establecimiento_llegada',
  'establecimiento_llegada_ruc',
  'numero_bultos',
  'puerto',
  'conductores_secundarios',
  'vehiculos_secundarios',
  'observaciones_sunat',
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

const tipoDoc = (value: string | null, fallback: TipoDocIdentidad) => (value ?? fallback) as TipoDocIdentidad;

const establecimiento = (codigo: string | null, ruc: string | null) => (codigo ? { codigo, ruc: ruc ?? '' } : undefined);

const parte = (p: ParteGuia | null) => (p ? { tipo_doc: p.tipo_doc as TipoDocIdentidad, numero: p.documento, nombre: p.nombre } : undefined);

/** '12.500' -> '12.5': the quantity as SUNAT reads it, without the column's padding. */
const trimZeros = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

/**
 * A stored guide as SUNAT's GRE 2022 model. The builder decides what each transport mode shows
 * (carrier for '01'; driver and plate for '02'; the M1L indicator); this only carries the data.
 */
export function toDespatch(guia: GuiaRemision, company: Company): Despatch {
  return {
    serie: guia.serie,
    correlativo: guia.numero,
    fecha_emision: guia.fecha_emision,
    hora_emision: guia.hora_emision,
    company,
    destinatario: { tipo_doc: guia.destinatario_tipo_doc as TipoDocIdentidad, numero: guia.destinatario_documento, nombre: guia.destinatario_nombre },
    // SUNAT requires a description for 'Otros' (rule 3457): the catalog wording stands in when none was given.
    motivo_traslado: { codigo: guia.motivo_traslado, descripcion: guia.descripcion_motivo ?? descripcionMotivo(guia.motivo_traslado) },
    mod_transporte: guia.mod_transporte,
    fecha_traslado: guia.fecha_traslado,
    peso_total: trimZeros(guia.peso_total),
    und_peso_total: guia.und_peso_total,
    partida: {
      ubigeo: guia.ubigeo_partida,
      direccion: guia.dir_partida,
      establecimiento: establecimiento(guia.establecimiento_partida, guia.establecimiento_partida_ruc),
    },
    llegada: {
      ubigeo: guia.ubigeo_llegada,
      direccion: guia.dir_llegada,
      establecimiento: establecimiento(guia.establecimiento_llegada, guia.establecimiento_llegada_ruc),
    },
    transportista: guia.transportista_documento
      ? {
          tipo_doc: tipoDoc(guia.transportista_tipo_doc, '6'),
          documento: guia.transportista_documento,
          nombre: guia.transportista_nombre ?? '',
          nro_mtc: guia.transportista_nro_mtc ?? undefined,
        }
      : undefined,
    conductor: guia.conductor_documento
      ? {
          tipo_doc: tipoDoc(guia.conductor_tipo_doc, '1'),
          documento: guia.conductor_documento,
          nombres: guia.conductor_nombres ?? '',
          apellidos: guia.conductor_apellidos ?? '',
          licencia: guia.conductor_licencia ?? '',
        }
      : undefined,
    vehiculo_placa: guia.vehiculo_placa ?? undefined,
    vehiculo_m1l: guia.vehiculo_m1l,
    conductores_secundarios: (guia.conductores_secundarios ?? []).map((c) => ({ ...c, tipo_doc: c.tipo_doc as TipoDocIdentidad })),
    vehiculos_secundarios: guia.vehiculos_secundarios ?? [],
    documentos_relacionados: (guia.documentos_relacionados ?? []).map((d) => ({
      tipo: d.tipo,
      descripcion: descripcionDocumento(d.tipo),
      numero: d.serie_numero,
      ruc_emisor: d.ruc_emisor ?? undefined,
    })),
    proveedor: parte(guia.proveedor),
    comprador: parte(guia.comprador),
    numero_bultos: guia.numero_bultos ?? undefined,
    // Import/export guides move a whole DAM/DS: per-line DAM items (7020/7021) are not supported.
    traslado_total_dam: ['08', '09'].includes(guia.motivo_traslado),
    puerto: guia.puerto ?? undefined,
    observaciones: guia.observaciones ?? undefined,
    lines: (guia.detalles ?? [])
      .slice()
      .sort((a, b) => a.id - b.id)
      .map((d) => ({ cantidad: trimZeros(d.cantidad), unidad: d.unidad, descripcion: d.descripcion, codigo: d.codigo ?? undefined })),
  };
}
