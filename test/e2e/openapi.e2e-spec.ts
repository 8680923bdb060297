import request from 'supertest';
import { createTestApp, TestApp } from '../support/create-test-app';

type Json = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `$ref` resolved against the document's components (one level is enough for our schemas). */
function resolve(doc: Json, schema: Json | undefined): Json | undefined {
  if (!schema?.$ref) return schema;
  const name = String(schema.$ref).replace('#/components/schemas/', '');
  return doc.components?.schemas?.[name];
}

/** What a person needs from each operation of /api/docs-json; one line per problem. */
function problemasOpenApi(doc: Json): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const id = `${method.toUpperCase()} ${path}`;
      if (!op.summary?.trim()) problems.push(`${id}: no summary`);
      const ok = Object.entries<Json>(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (!ok.length) problems.push(`${id}: no 2xx response`);
      for (const [status, response] of ok) {
        const content = Object.entries<Json>(response.content ?? {});
        if (!content.length) problems.push(`${id}: ${status} response has no content schema`);
        for (const [mime, media] of content) {
          const schema = resolve(doc, media.schema);
          if (!schema) problems.push(`${id}: ${status} ${mime} has no schema`);
          else if (mime === 'application/json' && !schema.properties?.success) problems.push(`${id}: ${status} JSON schema lacks the success envelope`);
        }
      }
      for (const status of ['401', '403', '422']) {
        if (status !== '422' && !op.security?.length) continue;
        if (!op.responses?.[status]?.content?.['application/json']?.schema) problems.push(`${id}: no ${status} error envelope`);
      }
      for (const param of (op.parameters ?? []) as Json[]) {
        if (param.in === 'path' && param.example === undefined && param.schema?.example === undefined)
          problems.push(`${id}: path parameter ${param.name} has no example`);
      }
      if (['post', 'put', 'patch'].includes(method) && op.requestBody) {
        const content = Object.entries<Json>(op.requestBody.content ?? {});
        if (!content.length) problems.push(`${id}: request body without content`);
        for (const [mime, media] of content) {
          const schema = resolve(doc, media.schema);
          if (!schema) {
            problems.push(`${id}: request ${mime} has no schema`);
            continue;
          }
          if (mime === 'multipart/form-data') {
            const binary = Object.values<Json>(schema.properties ?? {}).some((p) => p.format === 'binary');
            if (!binary) problems.push(`${id}: multipart request declares no file field (format: binary)`);
            continue;
          }
          const examples = Object.values<Json>(media.examples ?? {});
          if (media.example === undefined && schema.example === undefined && !examples.some((e) => e.value !== undefined)) {
            problems.push(`${id}: request ${mime} has no example`);
          }
        }
      }
    }
  }
  return problems;
}

/** Issue 15: every operation of the OpenAPI document is usable from Swagger UI. */
describe('OpenAPI document (/api/docs-json)', () => {
  let t: TestApp;
  let doc: Json;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('every operation has a summary, a 2xx schema with the envelope, error envelopes and request examples', () => {
    const problems = problemasOpenApi(doc);
    // The whole list in the failure message: the operations a person could not use from the docs.
    expect(problems.join('\n')).toBe('');
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await request(t.http).get('/api/docs').redirects(1);
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });

  it('declares file pickers for the multipart uploads', () => {
    const fields = (path: string) => {
      const schema = doc.paths[path].post.requestBody.content['multipart/form-data'].schema;
      return Object.fromEntries(Object.entries<Json>(schema.properties).map(([k, v]) => [k, v.format ?? v.type]));
    };
    expect(fields('/api/empresas/{id}/certificado')).toMatchObject({ certificado: 'binary', password: 'password', clave_privada: 'binary' });
    expect(fields('/api/empresas/{id}')).toMatchObject({ logo: 'binary' });
    expect(fields('/api/productos/leer-excel')).toMatchObject({ archivo: 'binary' });
  });

  it('documents the login example as the README says', () => {
    const body = doc.paths['/api/auth/login'].post.requestBody.content['application/json'];
    expect(Object.values<Json>(body.examples)[0].value).toEqual({ user: 'admin', password: 'admin12345' });
  });
});
