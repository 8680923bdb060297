import type { Company, TipoDocIdentidad } from '@/sunat/documents/common';
import type { Despatch } from '@/sunat/documents/despatch';
import { GuiaRemision } from './entities/guia-remision.entity';
import { descripcionMotivo } from './motivos-traslado';

const tipoDoc = (value: string | null, fallback: TipoDocIdentidad) => (value ?? fallback) as TipoDocIdentidad;

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
    partida: { ubigeo: guia.ubigeo_partida, direccion: guia.dir_partida },
    llegada: { ubigeo: guia.ubigeo_llegada, direccion: guia.dir_llegada },
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
    observaciones: guia.observaciones ?? undefined,
    lines: (guia.detalles ?? [])
      .slice()
      .sort((a, b) => a.id - b.id)
      .map((d) => ({ cantidad: trimZeros(d.cantidad), unidad: d.unidad, descripcion: d.descripcion, codigo: d.codigo ?? undefined })),
  };
}
