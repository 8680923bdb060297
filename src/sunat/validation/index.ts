export type { SunatFinding, SunatRulesOptions, SunatRulesTipo } from './types';
export { type SunatFindingDetail, type SunatRulesReport } from './engine';
export { validateSunatRules, runSunatRules, useSunatRulesPool, activeSunatRulesPool } from './run';
export { SunatRulesPool, SunatRulesBusy, SunatRulesTimeout, SunatRulesPoolClosed, defaultPoolSize, type SunatRulesPoolOptions } from './pool';
export { SunatRulesWorkerStopped } from './pool';
export { isSunatFileName, TIPOS } from './tipos';
export { MAX_XML_BYTES } from './xml-input';
