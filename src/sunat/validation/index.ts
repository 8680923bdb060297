export type { SunatFinding, SunatRulesOptions, SunatRulesTipo } from './types';
export { validateSunatRules, runSunatRules, type SunatFindingDetail, type SunatRulesReport } from './engine';
export { isSunatFileName, TIPOS } from './tipos';
export { MAX_XML_BYTES } from './xml-input';
