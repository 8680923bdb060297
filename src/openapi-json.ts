import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { applyGlobalPrefix } from './app.setup';
import { crearDocumentoOpenApi } from './common/openapi/openapi-document';

/**
 * Writes the OpenAPI document served at /api/docs-json to the file given as argument (stdout without one),
 * with no database, no server and no SUNAT: Nest's preview mode reads the modules and the controllers'
 * metadata without running any provider. Run it compiled (`npm run build`, then `node dist/src/openapi-json.js`)
 * to get exactly the shipped document: the @nestjs/swagger build plugin adds the DTO schemas and their
 * descriptions (the JSDoc comments of DTO properties). scripts/ci-extras/openapi-lint.sh lints it.
 */
async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { preview: true, logger: false, abortOnError: false });
  applyGlobalPrefix(app);
  const json = `${JSON.stringify(crearDocumentoOpenApi(app), null, 2)}\n`;
  await app.close();
  const destino = process.argv[2];
  if (destino) writeFileSync(destino, json);
  else process.stdout.write(json);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
