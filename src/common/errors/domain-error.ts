import { SEND_MSG } from './messages';

/**
 * What a domain failure is, independent of HTTP. Code that knows nothing about requests (sunat/) throws
 * these; the exception filter maps each code to its status (domainErrorStatus), so the answer is the same
 * envelope an HttpException gave: `{success:false, message, ...details}`.
 */
export type DomainErrorCode =
  /** SUNAT's own rules find errors in a document we built: 422. */
  | 'SUNAT_RULES_REJECTED'
  /** SUNAT could not be reached or answered nothing usable: 502 (the record keeps its state for a retry). */
  | 'SUNAT_UNAVAILABLE'
  /** A send of a document whose XML was never generated: 409. */
  | 'XML_MISSING'
  /** SUNAT's rules could not be run now (every validator busy, or one document took too long): 503, try again. */
  | 'SUNAT_RULES_BUSY'
  /** Every SUNAT send slot is taken and the queue is full (or the wait too long): 503 with Retry-After, nothing done. */
  | 'SUNAT_SENDS_BUSY'
  /** The document storage failed (full disk, no permission, I/O error, S3 down): 503, the request's writes roll back. */
  | 'STORAGE_UNAVAILABLE';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Extra fields of the answer's envelope (e.g. `errors`). */
    readonly details: Record<string, unknown> = {},
    /** Seconds for a Retry-After header (503s the client should simply repeat). */
    readonly retryAfterSeconds?: number,
    /** The underlying failure, logged by the exception filter and never sent to the client. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'DomainError';
  }
}

/** API.md "SUNAT's rules before SUNAT": the 422 message of a document SUNAT would reject. */
export const SUNAT_RECHAZARIA = 'SUNAT rechazaría el comprobante.';

/** `{message:'SUNAT rechazaría el comprobante.', errors:{xml:['<codigo>: <mensaje>']}}`. */
export const sunatRulesRejected = (errores: string[]) => new DomainError('SUNAT_RULES_REJECTED', SUNAT_RECHAZARIA, { errors: { xml: errores } });

/** `No se pudo comunicar con SUNAT: <detail>`. */
export const sunatUnreachable = (detail: string) => new DomainError('SUNAT_UNAVAILABLE', SEND_MSG.sinComunicacion(detail));

/** SPEC.md's 'XML no encontrado. Genere el XML primero.' */
export const xmlNotGenerated = () => new DomainError('XML_MISSING', SEND_MSG.xmlNoEncontrado);

/** 503 when the rules engine cannot take the document now; nothing was stored, the client retries. */
export const sunatRulesBusy = () => new DomainError('SUNAT_RULES_BUSY', 'La validación con las reglas de SUNAT está ocupada; intente nuevamente.');

/** API.md "Concurrent SUNAT sends": the 503 of a send that found every slot taken and the queue full. */
export const SUNAT_ENVIOS_OCUPADOS = 'Hay demasiados envíos a SUNAT en curso; intente nuevamente en unos momentos.';

export const sunatSendsBusy = (retryAfterSeconds: number) => new DomainError('SUNAT_SENDS_BUSY', SUNAT_ENVIOS_OCUPADOS, {}, retryAfterSeconds);

/** API.md "Failing storage": the 503 of a write the document storage could not take. */
export const ALMACENAMIENTO_SIN_ESCRITURA =
  'No se pudo guardar el archivo: el almacenamiento de documentos está lleno o no está disponible. Intente nuevamente más tarde.';
/** The 503 of a read the document storage could not answer (a missing file is a 404, not this). */
export const ALMACENAMIENTO_SIN_LECTURA = 'No se pudo leer el almacenamiento de documentos; intente nuevamente más tarde.';

export const storageWriteFailed = (cause: unknown) => new DomainError('STORAGE_UNAVAILABLE', ALMACENAMIENTO_SIN_ESCRITURA, {}, undefined, cause);
export const storageReadFailed = (cause: unknown) => new DomainError('STORAGE_UNAVAILABLE', ALMACENAMIENTO_SIN_LECTURA, {}, undefined, cause);

/** The HTTP status of each code (one switch: a new code fails tsc until it has its status). */
export function domainErrorStatus(code: DomainErrorCode): number {
  switch (code) {
    case 'SUNAT_RULES_REJECTED':
      return 422;
    case 'SUNAT_UNAVAILABLE':
      return 502;
    case 'XML_MISSING':
      return 409;
    case 'SUNAT_RULES_BUSY':
    case 'SUNAT_SENDS_BUSY':
    case 'STORAGE_UNAVAILABLE':
      return 503;
  }
}
