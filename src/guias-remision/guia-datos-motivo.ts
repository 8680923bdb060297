/** Stored shapes of a guide's reason-specific data (jsonb columns, as shown in the API). */
export interface DocumentoRelacionadoGuia {
  /** Catálogo 61. */
  tipo: string;
  serie_numero: string;
  ruc_emisor: string | null;
}

export interface ParteGuia {
  tipo_doc: string;
  documento: string;
  nombre: string;
}

/** '1' puerto (catálogo 63), '2' aeropuerto (catálogo 64). */
export interface PuertoGuia {
  tipo: '1' | '2';
  codigo: string;
  nombre: string;
}

export interface ConductorGuia {
  tipo_doc: string;
  documento: string;
  nombres: string;
  apellidos: string;
  licencia: string;
}
