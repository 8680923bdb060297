import { nodes, parseXml, text } from '@/sunat/cdr/safe-xml';
import { documentKey } from './document-kinds';

/** One line of an RC: the document it reports (documentKey) and its status (1 addition, 2 modification, 3 voiding). */
export interface SummaryLineRef {
  key: string;
  condition: string;
  /** The RC's ReferenceDate: the issue date of the documents it reports. */
  issueDate?: string;
}

/**
 * The documents an RC reports, read leniently (a file SUNAT cannot read yields none: it is refused when judged).
 * Keyed like registered documents, so the validity service finds boletas whether sent alone or in a summary.
 */
export function summaryLines(ruc: string, xml: Buffer): SummaryLineRef[] {
  try {
    const root = parseXml(xml).documentElement;
    const issueDate = text(root, 'ReferenceDate');
    return (nodes(root, 'SummaryDocumentsLine') as Element[]).flatMap((line) => {
      const [serie, numero] = (text(line, 'ID') ?? '').split('-');
      const tipo = text(line, 'DocumentTypeCode');
      if (!tipo || !serie || !/^\d+$/.test(numero ?? '')) return [];
      return [{ key: documentKey({ ruc, tipo, serie, numero }), condition: text(line, 'Status/ConditionCode') ?? '1', issueDate }];
    });
  } catch {
    return [];
  }
}
