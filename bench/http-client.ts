import { Agent, request } from 'node:http';

export interface JsonResponse {
  status: number;
  body: any;
}

/** A JSON client over one keep-alive agent (no supertest, no axios: the client's own cost stays small). */
export class JsonClient {
  private readonly agent: Agent;

  constructor(
    readonly baseUrl: string,
    maxSockets: number,
    private token?: string,
  ) {
    // Idle sockets close after 4 s, before the server's 5 s keep-alive timeout: else a reused socket the server is
    // closing at that moment fails with ECONNRESET (an error of the client, not of the service).
    this.agent = new Agent({ keepAlive: true, maxSockets, timeout: 4000 });
  }

  withToken(token: string): JsonClient {
    return new JsonClient(this.baseUrl, this.agent.maxSockets, token);
  }

  get(path: string): Promise<JsonResponse> {
    return this.send('GET', path);
  }

  post(path: string, body?: unknown): Promise<JsonResponse> {
    return this.send('POST', path, body);
  }

  /** Like post, but anything other than `expected` throws with the answer (for the untimed setup). */
  async must(method: 'GET' | 'POST' | 'PUT', path: string, body: unknown, expected: number): Promise<any> {
    const res = await this.send(method, path, body);
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    return res.body;
  }

  send(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, this.baseUrl), { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
