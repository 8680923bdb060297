import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency.interceptor';

const METODOS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const METODOS_CON_CLAVE = new Set(['post', 'put', 'patch', 'delete']);

/** Shared by every operation that takes it (see IdempotencyInterceptor). */
export const PARAMETRO_IDEMPOTENCIA = 'IdempotencyKey';

/**
 * The OpenAPI document of /api/docs and /api/docs-json (and of `node dist/src/openapi-json.js`, linted in CI).
 * On top of what @nestjs/swagger derives from the controllers: a relative server, the licence, `security: []`
 * on the public operations (no @ApiBearerAuth), the `Idempotency-Key` header where the interceptor honours it,
 * and operationIds that are plain identifiers (the package names a second path of a route `metodo[1]`).
 */
export function crearDocumentoOpenApi(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Facturación electrónica SUNAT')
    .setDescription('API multiempresa para facturas, boletas, notas, guías de remisión, resúmenes y bajas.')
    .setVersion('1.0')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'Este mismo servidor')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: '<id>|<token>' })
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory });
  return completarOperaciones(document);
}

/** `Controlador_metodo`; the second path of a route with two (`/api/logout` beside `/api/auth/logout`) gets `_alias1`. */
export function operationIdFactory(controlador: string, metodo: string, version?: string): string {
  const base = `${controlador}_${metodo.replace(/\[(\d+)\]$/, (_, i: string) => (i === '0' ? '' : `_alias${i}`))}`;
  return version ? `${base}_v${version}` : base;
}

/** Operations with a request body that can only be multipart/form-data: the interceptor ignores their key. */
function soloMultipart(operacion: Record<string, unknown>): boolean {
  const tipos = Object.keys((operacion.requestBody as { content?: object } | undefined)?.content ?? {});
  return tipos.length > 0 && tipos.every((t) => t === 'multipart/form-data');
}

export function completarOperaciones(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.parameters = {
    ...document.components.parameters,
    [PARAMETRO_IDEMPOTENCIA]: {
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      example: 'venta-2025-000123',
      description:
        'Opcional: de 1 a 255 caracteres ASCII visibles. La primera respuesta 2xx se guarda 24 h para la empresa, el usuario y la clave; ' +
        'la misma solicitud repetida por el mismo usuario devuelve esa respuesta (cabecera `Idempotent-Replayed: true`) sin repetir la operación. ' +
        'La misma clave con otro método, ruta o cuerpo: 422; mientras la primera está en curso: 409. Se ignora en las subidas multipart/form-data.',
    },
  };
  for (const item of Object.values(document.paths)) {
    for (const metodo of METODOS) {
      const operacion = item[metodo] as (Record<string, unknown> & { security?: unknown[]; parameters?: unknown[] }) | undefined;
      if (!operacion) continue;
      if (!operacion.security?.length) {
        operacion.security = [];
        continue;
      }
      if (METODOS_CON_CLAVE.has(metodo) && !soloMultipart(operacion)) {
        operacion.parameters = [...(operacion.parameters ?? []), { $ref: `#/components/parameters/${PARAMETRO_IDEMPOTENCIA}` }];
      }
    }
  }
  return document;
}
