/**
 * Text as a spreadsheet shows it, never as a formula: a value a client typed (a name, a document)
 * that starts with =, +, -, @, a tab or a carriage return gets a leading apostrophe, the OWASP
 * "CSV/formula injection" defence, so opening the export cannot run or link anything.
 */
export function celdaTexto(valor: string | null | undefined): string {
  const texto = valor ?? '';
  return /^[=+\-@\t\r]/.test(texto) ? `'${texto}` : texto;
}
