/** A generated PDF and the name it is served under. */
export interface PdfFile {
  nombre: string;
  data: Buffer;
}

/**
 * '20000000001-01-F001-1.pdf', '20000000001-01-F001-1-ticket.pdf': built from stored fields only,
 * and reduced to [A-Za-z0-9._-] so nothing can break out of the Content-Disposition header.
 */
export function pdfFilename(parts: ReadonlyArray<string | number>, ticket: boolean): string {
  const base = parts
    .map((p) => String(p).replace(/[^A-Za-z0-9._-]/g, ''))
    .filter(Boolean)
    .join('-');
  return `${base || 'documento'}${ticket ? '-ticket' : ''}.pdf`;
}
