/** Names and identifiers of the XML files SUNAT receives (SPEC.md "Sale-based document identifiers"). */

/** '2024-03-05' -> '20240305' */
function compactDate(fecha: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) throw new Error(`Fecha inválida: ${fecha}`);
  return fecha.slice(0, 4) + fecha.slice(5, 7) + fecha.slice(8, 10);
}

function batchCorrelativo(correlativo: number): string {
  if (!Number.isInteger(correlativo) || correlativo < 1 || correlativo > 99999) {
    throw new Error(`Correlativo inválido: ${correlativo}`);
  }
  return String(correlativo).padStart(3, '0');
}

/** cbc:ID of a daily summary: 'RC-20240305-001'. */
export function summaryId(fechaGeneracion: string, correlativo: number): string {
  return `RC-${compactDate(fechaGeneracion)}-${batchCorrelativo(correlativo)}`;
}

/** cbc:ID of a voiding communication: 'RA-20240305-001'. */
export function voidedId(fechaGeneracion: string, correlativo: number): string {
  return `RA-${compactDate(fechaGeneracion)}-${batchCorrelativo(correlativo)}`;
}

/** Invoices, boletas, notes and guides: '{RUC}-{tipo}-{serie}-{correlativo}.xml'. */
export function documentFileName(ruc: string, tipo: string, serie: string, correlativo: number): string {
  return `${ruc}-${tipo}-${serie}-${correlativo}.xml`;
}

/** '{RUC}-RC-{YYYYMMDD}-{NNN}.xml' */
export function summaryFileName(ruc: string, fechaGeneracion: string, correlativo: number): string {
  return `${ruc}-${summaryId(fechaGeneracion, correlativo)}.xml`;
}

/** '{RUC}-RA-{YYYYMMDD}-{NNN}.xml' */
export function voidedFileName(ruc: string, fechaGeneracion: string, correlativo: number): string {
  return `${ruc}-${voidedId(fechaGeneracion, correlativo)}.xml`;
}
