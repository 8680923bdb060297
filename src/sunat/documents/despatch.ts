import type { Company, Quantity, TipoDocIdentidad } from './common';

export interface DespatchAddress {
  ubigeo: string;
  direccion: string;
}

export interface DespatchLine {
  cantidad: Quantity;
  unidad: string;
  descripcion: string;
  codigo?: string;
}

/** Guía de remisión remitente (09), GRE 2022 format (UBL 2.1, CustomizationID 2.0). */
export interface Despatch {
  serie: string;
  correlativo: number;
  /** YYYY-MM-DD */
  fecha_emision: string;
  /** HH:mm:ss; GRE requires the issue time. */
  hora_emision: string;
  company: Company;
  destinatario: { tipo_doc: TipoDocIdentidad; numero: string; nombre: string };
  /** Catalog 20 transfer reason code and optional description. */
  motivo_traslado: { codigo: string; descripcion?: string };
  /** Catalog 18: '01' public transport (carrier), '02' private transport (own vehicle). */
  mod_transporte: '01' | '02';
  /** YYYY-MM-DD */
  fecha_traslado: string;
  peso_total: Quantity;
  /** 'KGM' or 'TNE'. */
  und_peso_total: string;
  partida: DespatchAddress;
  llegada: DespatchAddress;
  transportista?: { tipo_doc: TipoDocIdentidad; documento: string; nombre: string; nro_mtc?: string };
  conductor?: { tipo_doc: TipoDocIdentidad; documento: string; nombres: string; apellidos: string; licencia: string };
  vehiculo_placa?: string;
  /** Transfer in an M1 or L category vehicle: driver and plate become optional. */
  vehiculo_m1l?: boolean;
  observaciones?: string;
  lines: DespatchLine[];
}
