/** What every printed document shows of its issuer (company data at print time). */
export interface EmisorImpreso {
  /** The RUC in the XML: SUNAT's test RUC in beta mode, so the print matches what SUNAT received. */
  ruc: string;
  razon_social: string;
  comercial: string | null;
  direccion: string | null;
  /** 'DISTRITO - PROVINCIA - DEPARTAMENTO' when known. */
  ubicacion: string | null;
  telefono: string | null;
  email: string | null;
  /** PNG or JPEG bytes; other formats (WEBP) are skipped. */
  logo: Buffer | null;
  /** The company's own text at the foot of every document (an authorization line, a thank-you note). */
  leyenda_pie: string | null;
}

/** A label and a value in the client block or the totals. */
export type Par = readonly [string, string];

/** The SUNAT block at the foot: QR, hash, legend and the document's state. */
export interface PieSunat {
  /** QR payload; null prints no QR. */
  qr: string | null;
  hash: string | null;
  /** 'Representación impresa de la factura electrónica' */
  leyenda: string;
  /** SUNAT's page where the buyer checks the document; null for documents it does not check (guides). */
  consulta?: string | null;
  /** 'ACEPTADO', 'PENDIENTE DE ENVÍO'... */
  estado: string;
  /** SUNAT's message, when there is one worth printing (rejections). */
  mensaje?: string | null;
}
