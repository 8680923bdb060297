import { applyDecorators, RequestMethod, Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { MSG } from '../errors/messages';
import RESPUESTAS from './respuestas-ejemplo.json';

/**
 * OpenAPI documentation of a controller kept beside it (`<modulo>.openapi.ts`) and applied with one class
 * decorator, `@ApiDocs(DOCS)`: every operation gets its summary, its request body with an example that works
 * against a fresh `npm start` (admin/admin12345, the embedded SUNAT simulator, records numbered from 1), its
 * success envelope `{success, message?, data?...}` with an example, and the shared 401/403/422 envelopes.
 *
 * Response examples are real answers: test/e2e/openapi-ejemplos.e2e-spec.ts runs every request example in
 * order against the test app and the simulator, and with OPENAPI_CAPTURE=1 rewrites respuestas-ejemplo.json.
 */

/** A JSON success answer: its example (inferred into a schema) or, when absent, the captured one. */
export interface RespuestaJson {
  status?: number;
  description?: string;
  example?: unknown;
}

/** A file answer (PDF, XML, ZIP, XLSX). */
export interface RespuestaArchivo {
  status?: number;
  archivo: string;
  description?: string;
}

export interface OperacionDoc {
  summary: string;
  description?: string;
  /** JSON body example (the DTO of `@Body()` gives the schema). Several: the first is Swagger UI's default. */
  body?: unknown;
  bodies?: Record<string, { summary: string; value: unknown }>;
  /** multipart/form-data: the form's fields (files as `{ type: 'string', format: 'binary' }`). */
  multipart?: { properties: Record<string, SchemaObject>; required?: string[]; tambienJson?: boolean };
  /** Examples of path parameters (default 1 for every `:param`). */
  params?: Record<string, string | number>;
  /** Query parameters to show with an example (the DTO's others stay as they are). */
  query?: Record<string, string | number>;
  respuesta?: RespuestaJson | RespuestaArchivo;
  /** Further JSON success answers of the operation (another 2xx status), each with its example. */
  otrasRespuestas?: Array<Required<RespuestaJson>>;
  /** No token needed (no 401/403 documented). */
  publico?: boolean;
}

/** @nestjs/swagger's metadata key of @ApiConsumes (DECORATORS.API_CONSUMES, not exported by the package). */
const API_CONSUMES = 'swagger/apiConsumes';

export type DocsDe<T> = { [K in keyof T]?: OperacionDoc };

/** The error envelopes, documented once. */
export const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean', example: false }, message: { type: 'string' } },
};
export const VALIDACION_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['success', 'message', 'errors'],
  properties: {
    success: { type: 'boolean', example: false },
    message: { type: 'string', example: MSG.datosInvalidos },
    errors: {
      type: 'object',
      description: 'Mensajes por campo; los campos anidados usan puntos (`productos.0.cantidad`).',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
};

/** Always JSON, also on operations that produce files (explicit content instead of `schema`). */
const json = (schema: SchemaObject, example: unknown) => ({ 'application/json': { schema, example } });

/** 401 and 403 (unless public) and 422, with SPEC.md's messages. */
export function ApiErrores(opciones: { publico?: boolean } = {}): MethodDecorator & ClassDecorator {
  const decorators = [
    ApiResponse({
      status: 422,
      description: 'Datos no válidos (también reglas de negocio sobre un campo).',
      content: json(VALIDACION_SCHEMA, { success: false, message: MSG.datosInvalidos, errors: { campo: ['campo no es válido'] } }),
    }),
  ];
  if (!opciones.publico) {
    decorators.unshift(
      ApiResponse({
        status: 401,
        description: 'Sin token, o token vencido, revocado o mal formado.',
        content: json(ERROR_SCHEMA, { success: false, message: MSG.noAutenticado }),
      }),
      ApiResponse({
        status: 403,
        description: 'El rol no tiene el permiso, o el registro es de otra empresa.',
        content: json(ERROR_SCHEMA, { success: false, message: MSG.sinPermiso }),
      }),
    );
  }
  return applyDecorators(...decorators) as MethodDecorator & ClassDecorator;
}

/** A JSON schema of an example value; `example` on every leaf so Swagger UI shows it. */
export function schemaDe(value: unknown): SchemaObject {
  if (value === null || value === undefined) return { type: 'string', nullable: true, example: null };
  if (Array.isArray(value)) return { type: 'array', items: value.length ? schemaDe(value[0]) : { type: 'object' } };
  switch (typeof value) {
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, schemaDe(v)])),
      };
    case 'number':
      return { type: Number.isInteger(value) ? 'integer' : 'number', example: value };
    case 'boolean':
      return { type: 'boolean', example: value };
    default:
      return { type: 'string', example: String(value as string) };
  }
}

const RESPUESTAS_EJEMPLO = RESPUESTAS as Record<string, { status: number; body: unknown } | undefined>;

/** Default example when nothing was captured: the bare envelope. */
const ENVELOPE = { success: true };

function esArchivo(r: RespuestaJson | RespuestaArchivo | undefined): r is RespuestaArchivo {
  return !!r && 'archivo' in r;
}

function respuestaDecorators(clave: string, doc: OperacionDoc, statusPorDefecto: number): MethodDecorator[] {
  const r = doc.respuesta;
  if (esArchivo(r)) {
    return [
      ApiProduces(r.archivo),
      ApiResponse({
        status: r.status ?? 200,
        description: r.description ?? `Archivo ${r.archivo}.`,
        content: { [r.archivo]: { schema: { type: 'string', format: 'binary' } } },
      }),
    ];
  }
  const capturada = RESPUESTAS_EJEMPLO[clave];
  const example = r?.example ?? capturada?.body ?? ENVELOPE;
  const status = r?.status ?? capturada?.status ?? statusPorDefecto;
  const schema = schemaDe(example);
  return [
    ApiResponse({ status, description: r?.description ?? 'Operación correcta.', schema: { ...schema, example } }),
    ...(doc.otrasRespuestas ?? []).map((o) =>
      ApiResponse({ status: o.status, description: o.description, schema: { ...schemaDe(o.example), example: o.example } }),
    ),
  ];
}

function parametrosDeRuta(path: string | string[]): string[] {
  const first = Array.isArray(path) ? path[0] : path;
  return [...(first ?? '').matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);
}

/** Index and class of the `@Body()` parameter, if any. */
function bodyParam(controller: Type<unknown>, method: string): Type<unknown> | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number }>;
  const key = Object.keys(args).find((k) => k.split(':')[0] === String(RouteParamtypes.BODY));
  if (!key) return undefined;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, method) ?? []) as Type<unknown>[];
  return types[args[key].index];
}

/** The response captured for a controller method: `<Controller>.<method>`. */
export const claveOperacion = (controller: string, method: string) => `${controller}.${method}`;

/** Applies `docs` to the controller's methods (own or inherited); an unknown method name is a boot error. */
export function ApiDocs<T>(docs: DocsDe<T>): ClassDecorator {
  return (target) => {
    const controller = target as unknown as Type<unknown>;
    for (const [method, doc] of Object.entries(docs) as Array<[string, OperacionDoc]>) {
      let proto = controller.prototype as object | null;
      let descriptor: PropertyDescriptor | undefined;
      while (proto && !descriptor) {
        descriptor = Object.getOwnPropertyDescriptor(proto, method);
        proto = Object.getPrototypeOf(proto) as object | null;
      }
      if (!descriptor || typeof descriptor.value !== 'function') throw new Error(`ApiDocs: ${controller.name} has no method ${method}`);
      const fn = descriptor.value as (...args: unknown[]) => unknown;
      const httpMethod = Reflect.getMetadata('method', fn) as RequestMethod | undefined;
      const decorators: MethodDecorator[] = [ApiOperation({ summary: doc.summary, description: doc.description })];
      decorators.push(
        ...respuestaDecorators(
          claveOperacion(controller.name, method),
          doc,
          (Reflect.getMetadata(HTTP_CODE_METADATA, fn) as number | undefined) ?? (httpMethod === RequestMethod.POST ? 201 : 200),
        ),
      );
      for (const name of parametrosDeRuta(Reflect.getMetadata('path', fn) as string | string[])) {
        const example = doc.params?.[name] ?? 1;
        decorators.push(ApiParam({ name, example, ...(typeof example === 'number' ? { type: 'integer' } : { type: 'string' }) }));
      }
      for (const [name, example] of Object.entries(doc.query ?? {}))
        decorators.push(ApiQuery({ name, example, required: false, type: typeof example === 'number' ? 'integer' : 'string' }));
      if (doc.multipart) {
        decorators.push(
          ApiConsumes('multipart/form-data', ...(doc.multipart.tambienJson ? ['application/json'] : [])),
          ApiBody({
            schema: { type: 'object', properties: doc.multipart.properties, required: doc.multipart.required },
            ...(doc.body !== undefined ? { examples: { ejemplo: { summary: 'Ejemplo (JSON)', value: doc.body } } } : {}),
          }),
        );
      } else if (doc.body !== undefined || doc.bodies) {
        const examples = doc.bodies ?? { ejemplo: { summary: 'Ejemplo', value: doc.body } };
        const type = bodyParam(controller, method);
        decorators.push(type && type !== Object ? ApiBody({ type, examples }) : ApiBody({ schema: schemaDe(Object.values(examples)[0].value), examples }));
      }
      decorators.push(ApiErrores({ publico: doc.publico }));
      for (const decorator of decorators) decorator(descriptor.value as object, method, descriptor);
      // The documented upload replaces the controller's own @ApiConsumes list (ApiConsumes appends): Swagger UI
      // then offers the file picker first instead of an editor for a raw body the docs give no example of.
      if (doc.multipart) Reflect.defineMetadata(API_CONSUMES, ['multipart/form-data', ...(doc.multipart.tambienJson ? ['application/json'] : [])], fn);
    }
  };
}
