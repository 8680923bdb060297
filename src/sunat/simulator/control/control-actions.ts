/** SOAP operations by name; 'consultStatus' is billConsultService's getStatus (billService's is 'getStatus', the ticket). */
export type SimOperation =
  'sendBill' | 'sendSummary' | 'sendPack' | 'getStatus' | 'getStatusCdr' | 'consultStatus' | 'greToken' | 'greSend' | 'greStatus' | 'validezToken' | 'validez';

/** What the next matching request gets instead of (or on top of) the normal answer. */
export type ControlAction = { operation?: SimOperation } & (
  | { action: 'reject'; code: string; message?: string }
  | { action: 'observe'; notes: string[] }
  | { action: 'fault'; code: string; message?: string }
  | { action: 'http'; status: number; body?: string }
  | { action: 'empty' }
  /** Processes the request normally, then answers after `ms`: the answer a timed-out client never sees. */
  | { action: 'delay'; ms: number }
  /** Processes the request normally, then drops the connection without answering. */
  | { action: 'reset' }
  /**
   * Processes the request normally, then answers with a CDR about another document (`reference`, a serie-número or
   * summary id; default the same serie with the next número): sendBill, getStatus, getStatusCdr and GRE status.
   */
  | { action: 'foreign-cdr'; reference?: string }
);

const OPERATIONS: SimOperation[] = [
  'sendBill',
  'sendSummary',
  'sendPack',
  'getStatus',
  'getStatusCdr',
  'consultStatus',
  'greToken',
  'greSend',
  'greStatus',
  'validezToken',
  'validez',
];

export function parseControlAction(input: unknown): ControlAction {
  const value = input as Record<string, unknown>;
  if (!value || typeof value !== 'object') throw new Error('Se espera un objeto JSON');
  if (value.operation !== undefined && !OPERATIONS.includes(value.operation as SimOperation)) {
    throw new Error(`operation desconocida: ${String(value.operation)}`);
  }
  const code = typeof value.code === 'string' && /^\d{1,4}$/.test(value.code) ? value.code.padStart(4, '0') : undefined;
  switch (value.action) {
    case 'reject':
    case 'fault':
      if (!code) throw new Error(`'${value.action}' necesita code de 4 dígitos`);
      return { ...value, code } as ControlAction;
    case 'observe':
      if (!Array.isArray(value.notes) || !value.notes.every((n) => typeof n === 'string')) throw new Error("'observe' necesita notes: string[]");
      return value as ControlAction;
    case 'http':
      if (typeof value.status !== 'number') throw new Error("'http' necesita status");
      return value as ControlAction;
    case 'delay':
      if (typeof value.ms !== 'number' || value.ms < 0) throw new Error("'delay' necesita ms");
      return value as ControlAction;
    case 'empty':
    case 'reset':
      return value as ControlAction;
    case 'foreign-cdr':
      if (value.reference !== undefined && (typeof value.reference !== 'string' || !/^[A-Z0-9]{1,4}-[\dA-Z-]{1,17}$/i.test(value.reference))) {
        throw new Error("'foreign-cdr' necesita reference como F001-2 o RA-20240101-1");
      }
      return value as ControlAction;
    default:
      throw new Error(`action desconocida: ${String(value.action)}`);
  }
}

export class ControlQueue {
  private actions: ControlAction[] = [];

  push(action: ControlAction): void {
    this.actions.push(action);
  }

  /** The first queued action meant for this operation (or for any), removed from the queue. */
  take(operation: SimOperation): ControlAction | undefined {
    const index = this.actions.findIndex((a) => !a.operation || a.operation === operation);
    return index < 0 ? undefined : this.actions.splice(index, 1)[0];
  }

  pending(): ControlAction[] {
    return [...this.actions];
  }

  clear(): void {
    this.actions = [];
  }
}
