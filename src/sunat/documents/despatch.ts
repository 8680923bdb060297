import type { Company, Quantity, TipoDocIdentidad } from './common';

export interface DespatchAddress {
  ubigeo: string;
  direccion: string;
  /** Annexed establishment (AddressTypeCode, SUNAT's 4-digit code) and the RUC it belongs to (listID). */
  establecimiento?: { codigo: string; ruc: string };
}

/** A party identified by a catálogo 06 document (buyer, supplier). */
export interface DespatchParty {
  tipo_doc: TipoDocIdentidad;
  numero: string;
  nombre: string;
}

/** Catálogo 61 document related to the transfer (AdditionalDocumentReference). */
export interface DespatchRelatedDocument {
  tipo: string;
  /** Catálogo 61 wording (cbc:DocumentType). */
  descripcion: string;
  numero: string;
  /** RUC of its issuer, when SUNAT asks for it (01, 03, 04, 09, 12, 48). */
  ruc_emisor?: string;
}

export interface DespatchDriver {
  tipo_doc: TipoDocIdentidad;
  documento: string;
  nombres: string;
  apellidos: string;
  licencia: string;
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
  conductor?: DespatchDriver;
  vehiculo_placa?: string;
  /** Private transport: up to 2 more drivers (JobTitle 'Secundario') and 2 more vehicles (AttachedTransportEquipment). */
  conductores_secundarios?: DespatchDriver[];
  vehiculos_secundarios?: string[];
  documentos_relacionados?: DespatchRelatedDocument[];
  /** SellerSupplierParty (reasons 02, 07, 13) and BuyerCustomerParty (03, 13). */
  proveedor?: DespatchParty;
  comprador?: DespatchParty;
  /** Import/export (08, 09): packages (TotalTransportHandlingUnitQuantity), the whole DAM/DS indicator, port or airport. */
  numero_bultos?: number;
  traslado_total_dam?: boolean;
  puerto?: { tipo: '1' | '2'; codigo: string; nombre: string };
  /** Transfer in an M1 or L category vehicle: driver and plate become optional. */
  vehiculo_m1l?: boolean;
  observaciones?: string;
  lines: DespatchLine[];
}
