import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACTED_PATHS } from './logger-options';

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
