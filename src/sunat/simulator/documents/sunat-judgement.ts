import { X509Certificate } from 'node:crypto';
import { nodes, parseXml, text } from '@/sunat/cdr/safe-xml';
import { validateSunatRules, type SunatRulesTipo } from '@/sunat/validation';
import { SimFault } from '../sim-fault';
import { documentKey, ParsedName } from './document-kinds';

/** The RUC of SUNAT's beta (homologation) environment: any certificate signs for it, as SUNAT's beta accepts. */
export const BETA_RUC = '20000000001';

/** What the simulator remembers of a registered document to judge later RAs. */
export interface KnownDocument {
  accepted: boolean;
  voided?: boolean;
  issueDate?: string;
}

export interface JudgementContext {
  /** YYYY-MM-DD in Lima. */
  today: string;
  /** Registered documents by documentKey. */
  lookup(key: string): KnownDocument | undefined;
  /** PEM (or base64 DER) of the certificate communicated to SUNAT for a production RUC. */
  certificateOf(ruc: string): string | undefined;
}

export interface Judgement {
  /** 2000-3999 (or an error 4000+): the document is registered as rejected, the code in its CDR. */
  rejection?: { code: string; detail: string };
  /** Observations (4000+) as CDR notes: 'codigo - mensaje'. */
  notes: string[];
  /** The document's cbc:IssueDate (registered, RA checks compare against it). */
  issueDate?: string;
  /** RA: the documents it voids (documentKey), marked voided when the RA is accepted. */
  voids: string[];
}

/**
 * SUNAT's judgement of a readable, correctly named, signed document: its XSL rules (validation/, stopping at the
 * first error as SUNAT does), then what no XSL checks: deadlines, RC/RA dates, what an RA voids, the certificate.
 * Exception-range codes (0100-1999) throw a SimFault (a SOAP fault, nothing registered).
 */
export async function judgeDocument(parsed: ParsedName, xml: Buffer, ctx: JudgementContext): Promise<Judgement> {
  const tipo = parsed.tipo as SunatRulesTipo;
  let findings;
  try {
    findings = await validateSunatRules(tipo, xml, { fileName: `${parsed.name}.xml`, today: ctx.today, stopAtFirst: true });
  } catch (error) {
    throw new SimFault('0306', (error as Error).message.slice(0, 300));
  }
  const notes = findings.filter((f) => f.severidad === 'observacion').map((f) => `${f.codigo} - ${f.mensaje}`);
  const error = findings.find((f) => f.severidad === 'error');
  if (error) {
    const detail = error.ubicacion ? `${error.mensaje} (${error.ubicacion})` : error.mensaje;
    if (Number(error.codigo) < 2000) throw new SimFault(error.codigo, error.ubicacion || undefined);
    return { rejection: { code: error.codigo, detail }, notes, voids: [] };
  }
  const root = parseXml(xml).documentElement;
  const issueDate = text(root, 'IssueDate');
  const extra = beyondXsl(parsed, root, ctx, issueDate);
  return { rejection: extra.rejection, notes, issueDate, voids: extra.voids };
}

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const fileDate = (serie: string) => `${serie.slice(0, 4)}-${serie.slice(4, 6)}-${serie.slice(6, 8)}`;

function beyondXsl(parsed: ParsedName, root: Element, ctx: JudgementContext, issueDate?: string): Pick<Judgement, 'rejection' | 'voids'> {
  const reject = (code: string, detail: string) => ({ rejection: { code, detail }, voids: [] });
  const { tipo } = parsed;
  if (['01', '03', '07', '08'].includes(tipo) && issueDate && /^\d{4}-\d{2}-\d{2}$/.test(issueDate)) {
    const age = daysBetween(issueDate, ctx.today);
    if (age < 0) return reject('2329', `IssueDate ${issueDate} posterior a ${ctx.today}`);
    // facturas (and their notes) within 3 calendar days; boletas (and theirs) within 7, as in their summary
    const factura = tipo === '01' || ((tipo === '07' || tipo === '08') && parsed.serie.startsWith('F'));
    const limit = factura ? 3 : 7;
    if (age > limit) return reject('2108', `IssueDate ${issueDate}: ${age} días, plazo ${limit}`);
  }
  if (tipo === 'RC' || tipo === 'RA') {
    const generated = fileDate(parsed.serie);
    const reference = text(root, 'ReferenceDate');
    if (reference && /^\d{4}-\d{2}-\d{2}$/.test(reference)) {
      if (daysBetween(reference, generated) < 0) return reject('2671', `ReferenceDate ${reference} posterior a ${generated} (nombre del archivo)`);
      if (daysBetween(reference, ctx.today) > 7) return reject(tipo === 'RA' ? '2374' : '2108', `ReferenceDate ${reference}: más de 7 días`);
    }
  }
  const certificate = certificateProblem(parsed.ruc, root, ctx);
  if (certificate) return reject('2325', certificate);
  if (tipo !== 'RA') return { voids: [] };
  const voids: string[] = [];
  const reference = text(root, 'ReferenceDate');
  for (const line of nodes(root, 'VoidedDocumentsLine') as Element[]) {
    const key = documentKey({
      ruc: parsed.ruc,
      tipo: text(line, 'DocumentTypeCode') ?? '',
      serie: text(line, 'DocumentSerialID') ?? '',
      numero: text(line, 'DocumentNumberID') ?? '',
    });
    const known = ctx.lookup(key);
    const label = `${text(line, 'DocumentSerialID')}-${text(line, 'DocumentNumberID')}`;
    if (!known) return reject('2105', label);
    if (!known.accepted) return reject('2398', label);
    if (known.voided) return reject('2323', label);
    if (reference && known.issueDate && known.issueDate !== reference) return reject('2375', `${label}: emitido ${known.issueDate}`);
    voids.push(key);
  }
  return { voids };
}

/** Production RUCs sign with the certificate they communicated to SUNAT (2325 otherwise); beta takes any. */
function certificateProblem(ruc: string, root: Element, ctx: JudgementContext): string | undefined {
  if (ruc === BETA_RUC) return undefined;
  const expected = ctx.certificateOf(ruc);
  if (!expected) return undefined;
  const used = text(root, 'UBLExtensions/UBLExtension/ExtensionContent/Signature/KeyInfo/X509Data/X509Certificate');
  if (!used) return 'sin X509Certificate';
  try {
    return fingerprint(used) === fingerprint(expected) ? undefined : `certificado de otro titular para ${ruc}`;
  } catch {
    return 'certificado ilegible';
  }
}

export function fingerprint(pemOrBase64: string): string {
  const body = pemOrBase64.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return new X509Certificate(Buffer.from(body, 'base64')).fingerprint256;
}
