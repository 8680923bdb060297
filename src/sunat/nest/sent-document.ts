import type { SentDocument } from '../cdr/cdr-reader';

/**
 * What a CDR can repeat of a signed document we sent: its DigestValue (hash_cpe) and its customer's document number.
 * Read from the text (one signature per document; the customer block comes before the lines), no parse needed.
 */
export function sentDocumentOf(signedXml: Buffer | string): SentDocument {
  const xml = typeof signedXml === 'string' ? signedXml : signedXml.toString('utf8');
  const hash = /<(?:[A-Za-z][\w.-]*:)?DigestValue[^>]*>\s*([^<\s]+)\s*</.exec(xml)?.[1];
  const customer = /<(?:[A-Za-z][\w.-]*:)?AccountingCustomerParty[\s>][\s\S]*?<(?:[A-Za-z][\w.-]*:)?ID\b[^>]*>\s*([^<]*?)\s*</.exec(xml)?.[1];
  return { ...(hash ? { hash } : {}), ...(customer ? { recipient: customer } : {}) };
}
