import type { SunatRulesReport } from './engine';
import type { SunatRulesOptions, SunatRulesTipo } from './types';

/** What the pool sends a worker. */
export type PoolRequest =
  { id: number; kind: 'run'; tipo: SunatRulesTipo; xml: string | Uint8Array; options: SunatRulesOptions } | { id: number; kind: 'warm'; ruleFiles: string[] };

/** A worker's answer: the report (none for a warm-up) or the error, by name and message. */
export type PoolReply = { id: number; report?: SunatRulesReport; error?: { name: string; message: string } };
