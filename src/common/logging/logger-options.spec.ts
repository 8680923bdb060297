import { Writable } from 'node:stream';
import pino from 'pino';
import { loadAppConfig } from '@/config/app.config';
import { buildLoggerOptions, REDACTED_PATHS } from './logger-options';

describe('log redaction', () => {
  it('never writes tokens, passwords or clave_sol', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[oculto]' } }, sink);
    logger.info(
      {
        req: {
          headers: { authorization: 'Bearer 12|abcdefghijabcdefghijabcdefghijabcdefghij' },
          query: { token: '13|zzz' },
          body: { password: 'p4ss', clave_sol: 'moddatos' },
        },
        empresa: { clave_sol: 'secreta' },
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of ['abcdefghij', '13|zzz', 'p4ss', 'moddatos', 'secreta']) expect(out).not.toContain(secret);
    expect(out).toContain('[oculto]');
  });
});

describe('log format', () => {
  const transportOf = (logFormat: 'pretty' | 'json') =>
    (buildLoggerOptions({ logLevel: 'info', logFormat }).pinoHttp as { transport?: { target: string } }).transport;

  it('pretty goes through pino-pretty; json writes pino’s own lines', () => {
    expect(transportOf('pretty')).toMatchObject({ target: 'pino-pretty' });
    expect(transportOf('json')).toBeUndefined();
  });

  it('defaults to json in production and off a terminal, and LOG_FORMAT decides when set', () => {
    const saved = { ...process.env };
    try {
      process.env.NODE_ENV = 'production';
      process.env.APP_KEY = 'clave-de-prueba-suficientemente-larga';
      delete process.env.LOG_FORMAT;
      expect(loadAppConfig().logFormat).toBe('json');
      process.env.NODE_ENV = 'development';
      // jest's stdout is not a terminal: a person is not reading it
      expect(loadAppConfig().logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
      process.env.LOG_FORMAT = 'pretty';
      expect(loadAppConfig().logFormat).toBe('pretty');
      process.env.LOG_FORMAT = 'colores';
      expect(() => loadAppConfig()).toThrow(/LOG_FORMAT/);
    } finally {
      process.env = saved;
    }
  });

  it('a pretty line is one readable line, not JSON, and keeps the redaction', () => {
    const pretty = require('pino-pretty') as (o: object) => NodeJS.WritableStream;
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
    const stream = pretty({ colorize: false, singleLine: true, destination: sink, sync: true });
    pino({ redact: { paths: REDACTED_PATHS, censor: '[oculto]' } }, stream).info({ req: { query: { token: '13|zzz' } } }, 'Listening on http://127.0.0.1:3000');
    const out = lines.join('');
    expect(out).toContain('INFO');
    expect(out).toContain('Listening on http://127.0.0.1:3000');
    expect(out).not.toContain('13|zzz');
    expect(() => JSON.parse(out)).toThrow();
  });
});
