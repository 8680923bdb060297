/**
 * The native engine's entry: parses the document, picks the rule file, runs the compiled stylesheet (compiled
 * once per rule file and process) and returns the raw findings for engine.ts to map.
 */
import { xslRoot } from '../paths';
import { prepareRules } from '../prepare';
import { DOC_TYPES, NS, ruleFileFor } from '../tipos';
import type { SunatRulesTipo } from '../types';
import type { Clock } from './runtime';
import { compileStylesheet, type CompiledStylesheet, type RawFinding } from './stylesheet';
import { Kind, parseTree, stringValue, type XNode } from './tree';

const compiled = new Map<string, { stylesheet: CompiledStylesheet; notes: string[]; compileMs: number }>();

/** The compiled rule file (prepared with the Java tool's patch, parsed and compiled on first use). */
export function nativeRules(ruleFile: string): { stylesheet: CompiledStylesheet; notes: string[]; compileMs: number } {
  let c = compiled.get(ruleFile);
  if (!c) {
    const started = Date.now();
    const prepared = prepareRules(xslRoot(), ruleFile, 'native');
    const stylesheet = compileStylesheet(ruleFile, new Map(prepared.modules.map((m) => [m.rel, m.text])));
    c = { stylesheet, notes: [...prepared.notes, ...stylesheet.notes], compileMs: Date.now() - started };
    compiled.set(ruleFile, c);
  }
  return c;
}

function child(n: XNode, ns: string, local: string): XNode | undefined {
  return n.children.find((c) => c.kind === Kind.Element && c.local === local && c.ns === ns);
}

const normalize = (s: string): string => s.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '');

/** The file name as sent to SUNAT, built from the document (FileNames.fromContent). */
function fileNameFromContent(root: XNode, tipo: SunatRulesTipo): string {
  const party = child(root, NS.cac, tipo === '09' ? 'DespatchSupplierParty' : 'AccountingSupplierParty');
  const byId = party && child(party, NS.cac, 'Party');
  const id1 = byId && child(byId, NS.cac, 'PartyIdentification');
  const ruc = (id1 && child(id1, NS.cbc, 'ID')) ?? (party && child(party, NS.cbc, 'CustomerAssignedAccountID'));
  const rucText = ruc ? normalize(stringValue(ruc)) : '';
  const idNode = child(root, NS.cbc, 'ID');
  const id = idNode ? normalize(stringValue(idNode)) : '';
  return DOC_TYPES[tipo].summary ? `${rucText}-${id}.xml` : `${rucText}-${tipo}-${id}.xml`;
}

export interface NativeParsed {
  doc: XNode;
  /** Q{ns}local of the root element ('' when none). */
  root: string;
  ruleFile: string;
}

/** Parses the document (throws the parser's message when it is not well-formed). */
export function parseDocument(text: string, tipo: SunatRulesTipo): NativeParsed {
  const doc = parseTree(text);
  const el = doc.children.find((c) => c.kind === Kind.Element);
  const root = el ? `Q{${el.ns}}${el.local}` : '';
  const custom = el?.children.find((c) => c.kind === Kind.Element && c.local === 'CustomizationID');
  return { doc, root, ruleFile: ruleFileFor(tipo, custom ? normalize(stringValue(custom)) : '') };
}

export function runNative(
  parsed: NativeParsed,
  tipo: SunatRulesTipo,
  options: { fileName?: string; clock: Clock; stopAtFirst: boolean },
): { findings: RawFinding[]; stray: string[]; fileName: string; notes: string[]; compileMs: number } {
  const rules = nativeRules(parsed.ruleFile);
  const el = parsed.doc.children.find((c) => c.kind === Kind.Element)!;
  const fileName = options.fileName ?? fileNameFromContent(el, tipo);
  const out = rules.stylesheet.run(parsed.doc, {
    fileName,
    clock: options.clock,
    params: { nombreArchivoEnviado: fileName },
    stopAtFirst: options.stopAtFirst,
  });
  return { ...out, fileName, notes: rules.notes, compileMs: rules.compileMs };
}
