/*
 * Writing XML directly in inclusive Canonical XML 1.0 form (the signer digests our bytes as they are):
 * text escapes & < > and CR, attribute values escape & < " TAB LF CR, elements are never self-closed.
 * Characters XML 1.0 forbids (C0 controls other than TAB, LF, CR; lone surrogates; U+FFFE/U+FFFF) are
 * dropped, because no parser would read the document back otherwise.
 */

const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TEXT_SPECIAL = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ATTR_SPECIAL = /[&<"\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};

/** Escapes character data as C14N serialises it. */
export function text(value: string): string {
  if (!TEXT_SPECIAL.test(value)) return value;
  return value.replace(INVALID_XML_CHARS, '').replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]);
}

/** Escapes an attribute value as C14N serialises it. */
export function attr(value: string): string {
  if (!ATTR_SPECIAL.test(value)) return value;
  return value.replace(INVALID_XML_CHARS, '').replace(/[&<"\t\n\r]/g, (c) => ATTR_ESCAPES[c]);
}

/** `<name>escaped text</name>` */
export function el(name: string, value: string): string {
  return `<${name}>${text(value)}</${name}>`;
}

/** `<name attrs>escaped text</name>`; `attrs` is already rendered in C14N order (' a="1" b="2"'). */
export function ela(name: string, attrs: string, value: string): string {
  return `<${name}${attrs}>${text(value)}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Checks a Money value ('118.00'): exactly two decimals, as SUNAT's amount patterns expect. */
export function money(value: string, field = 'importe'): string {
  if (!/^-?\d{1,12}\.\d{2}$/.test(value)) throw new Error(`${field}: importe inválido "${value}" (se espera 0.00)`);
  return value;
}

/** Checks a unit price or value: up to 12 integer digits and 2 to 10 decimals ('118.00', '84.7457627119'). */
export function unitPrice(value: string, field = 'precio'): string {
  if (!/^\d{1,12}\.\d{2,10}$/.test(value)) throw new Error(`${field}: precio inválido "${value}"`);
  return value;
}

/** Checks a Quantity value: up to 12 integer digits and 10 decimals. */
export function quantity(value: string, field = 'cantidad'): string {
  if (!/^\d{1,12}(\.\d{1,10})?$/.test(value)) throw new Error(`${field}: cantidad inválida "${value}"`);
  return value;
}

/** Sum of Money strings in integer cents, so no binary float rounding creeps in. */
export function sumMoney(values: readonly string[]): string {
  let cents = 0;
  for (const value of values) {
    const [whole, fraction] = money(value).split('.');
    const sign = whole.startsWith('-') ? -1 : 1;
    cents += sign * (Math.abs(Number(whole)) * 100 + Number(fraction));
  }
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
