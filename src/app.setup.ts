import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { ClsService } from 'nestjs-cls';
import { Logger } from 'nestjs-pino';
import { trustProxySetting } from './auth/auth-limits';
import { bodyParserErrors } from './common/filters/body-parser-errors';
import { docsContentSecurity, securityHeaders } from './common/http/content-security';
import { requestIdMiddleware } from './common/logging/request-id';
import { crearDocumentoOpenApi } from './common/openapi/openapi-document';
import { createValidationPipe } from './common/pipes/validation.pipe';

/** Everything main.ts and the e2e test app share: prefix, pipes, security headers, Swagger. */
export function setupApp(app: INestApplication): INestApplication {
  const express = app as NestExpressApplication;
  express.useLogger(app.get(Logger));
  // Before anything else, so that every response (errors and web routes included) carries X-Request-Id.
  app.use(requestIdMiddleware);
  express.set('trust proxy', trustProxySetting());
  express.useBodyParser('json', { limit: '5mb' });
  // Right after the parser: its failures reach the exception filter with their type (a malformed JSON, a charset).
  app.use(bodyParserErrors);
  // Every request gets its context (caller, active company) before routing, web routes outside /api
  // included: ClsModule's own mount follows the global prefix and missed /reporteNV and /reporte.
  const cls = app.get(ClsService);
  app.use((_req: unknown, _res: unknown, next: () => void) => cls.run(() => next()));
  app.use(securityHeaders());
  app.use('/api/docs', docsContentSecurity());
  applyGlobalPrefix(app);
  app.useGlobalPipes(createValidationPipe());
  app.enableCors({ exposedHeaders: ['X-Request-Id', 'Idempotent-Replayed'] }); // browsers may read the id to quote it in a support request
  // No app.enableShutdownHooks(): main.ts handles SIGINT/SIGTERM itself, so app.close() (every Nest
  // shutdown hook) finishes before the embedded PostgreSQL stops; tests close their apps explicitly.

  const document = crearDocumentoOpenApi(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', swaggerOptions: { persistAuthorization: true } });
  return app;
}

/** /api for everything but the browser reports; also used by src/openapi-json.ts, which builds no server. */
export function applyGlobalPrefix(app: INestApplication): void {
  // Named wildcards ({*splat}): Express 5's path-to-regexp 8 syntax, so Nest has nothing to convert.
  app.setGlobalPrefix('api', { exclude: ['reporteNV/{*splat}', 'reporte/{*splat}'] });
}
