import type { IncomingMessage } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '@/config/app.config';
import { loggableUrl } from './loggable-url';
import { requestIdFrom } from './request-id';

/** Paths pino blanks out wherever they appear: credentials and tokens never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.query.token',
  'req.body.password',
  'req.body.clave_sol',
  'req.body.smtp_url',
  'res.headers["set-cookie"]',
  '*.password',
  '*.clave_sol',
  '*.smtp_url',
  '*.token',
];

/**
 * pino-pretty as a transport (a worker thread), when the format asks for it and the package is there: it is a
 * development dependency, so an install without them (the production image) writes JSON whatever LOG_FORMAT says.
 */
function prettyTransport(app: Pick<AppConfig, 'logFormat'>) {
  if (app.logFormat !== 'pretty') return undefined;
  try {
    require.resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return { target: 'pino-pretty', options: { colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } };
}

export function buildLoggerOptions(app: Pick<AppConfig, 'logLevel' | 'logFormat'>): Params {
  return {
    // nestjs-pino's default route '*' is the legacy syntax Nest 11 / Express 5 warn about (LegacyRouteConverter).
    forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: process.env.NODE_ENV === 'test' ? 'silent' : app.logLevel,
      transport: prettyTransport(app),
      // requestIdMiddleware (app.setup.ts) has already chosen the id and sent it in X-Request-Id.
      genReqId: (req: IncomingMessage & { id?: unknown }) => (typeof req.id === 'string' ? req.id : requestIdFrom(req.headers['x-request-id'])),
      redact: { paths: REDACTED_PATHS, censor: '[oculto]' },
      // The query string may carry ?token= on download routes, and a signed link's path is its token: see loggableUrl.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  };
}
