import type { SunatRulesTipo } from './types';

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  debitNote: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  despatch: 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2',
  summary: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1',
  voided: 'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
} as const;

export interface DocType {
  tipo: SunatRulesTipo;
  rootName: string;
  rootNamespace: string;
  /** Rule file relative to the xsl tree (the Java tool's default flavour). */
  rules: string;
  summary: boolean;
}

/** Same table as the Java tool (DocType.java), default flavour: DataPower files, SFS for the GRE 2022. */
export const DOC_TYPES: Record<SunatRulesTipo, DocType> = {
  '01': { tipo: '01', rootName: 'Invoice', rootNamespace: NS.invoice, rules: 'ValidaExprRegFactura-2.0.1.xsl', summary: false },
  '03': { tipo: '03', rootName: 'Invoice', rootNamespace: NS.invoice, rules: 'ValidaExprRegBoleta-2.0.1.xsl', summary: false },
  '07': { tipo: '07', rootName: 'CreditNote', rootNamespace: NS.creditNote, rules: 'ValidaExprRegNC-2.0.1.xsl', summary: false },
  '08': { tipo: '08', rootName: 'DebitNote', rootNamespace: NS.debitNote, rules: 'ValidaExprRegND-2.0.1.xsl', summary: false },
  '09': {
    tipo: '09',
    rootName: 'DespatchAdvice',
    rootNamespace: NS.despatch,
    rules: 'commons/xsl/ValidaExprRegGreRemitente-2.0.1.xsl',
    summary: false,
  },
  RC: { tipo: 'RC', rootName: 'SummaryDocuments', rootNamespace: NS.summary, rules: 'ValidaExprRegSummary-1.1.0.xsl', summary: true },
  RA: { tipo: 'RA', rootName: 'VoidedDocuments', rootNamespace: NS.voided, rules: 'ValidaExprRegSummaryVoided-1.0.1.xsl', summary: true },
};

export const TIPOS = Object.keys(DOC_TYPES) as SunatRulesTipo[];

/** Rule file for a tipo and the document's CustomizationID (RC 1.0 documents get the 1.0.1 rules). */
export function ruleFileFor(tipo: SunatRulesTipo, customizationId: string): string {
  if (tipo === 'RC' && customizationId === '1.0') return 'ValidaExprRegSummary-1.0.1.xsl';
  return DOC_TYPES[tipo].rules;
}

const CPE_NAME = /^\d{11}-(01|03|07|08|09)-[A-Z0-9]{4}-\d{1,8}\.(xml|zip|XML|ZIP)$/;
const SUMMARY_NAME = /^\d{11}-(RC|RA|RR)-\d{8}-\d{1,5}\.(xml|zip|XML|ZIP)$/;

/** True when name already follows SUNAT's naming for this tipo (FileNames.isSunatName). */
export function isSunatFileName(name: string, tipo: SunatRulesTipo): boolean {
  const re = DOC_TYPES[tipo].summary ? SUMMARY_NAME : CPE_NAME;
  return re.test(name) && name.substring(12, 14) === tipo;
}

/** Every rule file a document may need: the default per tipo, plus RC 1.0.1 (CustomizationID 1.0). */
export const ALL_RULE_FILES: readonly string[] = [...new Set([...TIPOS.map((t) => DOC_TYPES[t].rules), ruleFileFor('RC', '1.0')])];
