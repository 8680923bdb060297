import type { EstadoCorreo } from '@/common/estados';

/** What is mailed: a sale (factura or boleta), a credit note ('nc') or a debit note ('nd'); each numbers its own ids. */
export const TIPOS_CORREO = ['venta', 'nc', 'nd'] as const;
export type TipoCorreo = (typeof TIPOS_CORREO)[number];

/** At most this many addresses per mail. */
export const MAX_DESTINATARIOS = 10;

/** The last mail of a document, as its view shows it. */
export interface CorreoView {
  estado: EstadoCorreo;
  destinatarios: string[];
  /** When it reached this state (ISO instant). */
  fecha: string;
  detalle: string | null;
}

/** A document that SUNAT just accepted, with its client (whose e-mail gets it when the company mails by itself). */
export interface DocumentoAceptado {
  tipo: TipoCorreo;
  idDocumento: number;
  idCliente: number;
}

/** A request to mail one document now (POST …/enviar-correo), with what the document's module knows of it. */
export interface SolicitudCorreo {
  tipo: TipoCorreo;
  idDocumento: number;
  /** SUNAT accepted it (only then is there a CDR to deliver). */
  aceptado: boolean;
  /** The document's client, whose e-mail is the default recipient. */
  idCliente: number | null;
  destinatarios?: string[];
}
