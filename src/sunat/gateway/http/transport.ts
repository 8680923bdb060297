import axios, { AxiosError, AxiosInstance } from 'axios';
import https from 'node:https';
import http from 'node:http';

export interface TransportOptions {
  /** Whole request, connect to last byte. SUNAT can take 20-30 s on a busy day. */
  timeoutMs: number;
  /** Extra attempts, only when the connection could not even be opened. */
  connectRetries: number;
  retryBackoffMs: number;
}

export const DEFAULT_TRANSPORT: TransportOptions = { timeoutMs: 60_000, connectRetries: 2, retryBackoffMs: 500 };

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export type HttpOutcome =
  | { ok: true; status: number; contentType?: string; body: string }
  | { ok: false; sent: false; message: string }
  | { ok: false; sent: true; reason: 'timeout' | 'connection-reset'; message: string };

/** Failures that happen before a single byte of the request can have reached SUNAT. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL']);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ERR_CANCELED']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class HttpTransport {
  private readonly client: AxiosInstance;

  constructor(private readonly options: TransportOptions = DEFAULT_TRANSPORT) {
    this.client = axios.create({
      timeout: options.timeoutMs,
      maxRedirects: 0,
      responseType: 'text',
      transformResponse: (data) => data,
      validateStatus: () => true,
      maxContentLength: 50 * 1024 * 1024,
      maxBodyLength: 50 * 1024 * 1024,
      // No keep-alive: a reused socket that the server already closed fails after the request "left",
      // which would turn a clean send into an unknown outcome.
      httpAgent: new http.Agent({ keepAlive: false }),
      httpsAgent: new https.Agent({ keepAlive: false, rejectUnauthorized: true }),
    });
  }

  async request(req: HttpRequest): Promise<HttpOutcome> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.once(req);
      if (outcome.ok || outcome.sent || attempt >= this.options.connectRetries) return outcome;
      await sleep(this.options.retryBackoffMs * 2 ** attempt);
    }
  }

  private async once(req: HttpRequest): Promise<HttpOutcome> {
    try {
      const response = await this.client.request<string>({
        method: req.method,
        url: req.url,
        headers: req.headers,
        data: req.body,
        signal: AbortSignal.timeout(this.options.timeoutMs + 1_000),
      });
      const contentType = response.headers['content-type'];
      return {
        ok: true,
        status: response.status,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        body: typeof response.data === 'string' ? response.data : String(response.data ?? ''),
      };
    } catch (error) {
      return classifyError(error as AxiosError);
    }
  }
}

function classifyError(error: AxiosError): HttpOutcome {
  const code = error.code ?? (error.cause as NodeJS.ErrnoException | undefined)?.code ?? '';
  const message = `${code || 'ERROR'}: ${error.message}`;
  if (NOT_SENT_CODES.has(code)) return { ok: false, sent: false, message };
  if (TIMEOUT_CODES.has(code) || /timeout/i.test(error.message)) return { ok: false, sent: true, reason: 'timeout', message };
  return { ok: false, sent: true, reason: 'connection-reset', message };
}
