import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { makePfx } from '../support/certificates';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa } from '../support/factories';
import {
  Json,
  operaciones,
  problemaDeTexto,
  problemasDeIdempotencia,
  problemasDeOperationIds,
  problemasDeSeguridad,
  problemasDeTextos,
} from '../support/openapi-checks';

const RAIZ = join(__dirname, '..', '..');

/** Redocly CLI's problems on a document, with the project's redocly.yaml (the recommended rules). */
async function redoclyLint(doc: Json): Promise<Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>> {
  const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const carpeta = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const archivo = join(carpeta, 'openapi.json');
    writeFileSync(archivo, JSON.stringify(doc));
    // Exit status 1 when there are errors: the JSON report is read either way.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', '--config', join(RAIZ, 'redocly.yaml'), '--format=json', '--max-problems=1000', archivo],
      { cwd: RAIZ, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string; code?: number }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw error;
    });
    return (JSON.parse(stdout) as { problems: [] }).problems;
  } finally {
    rmSync(carpeta, { recursive: true, force: true });
  }
}

describe('OpenAPI document: lint, Spanish texts, operationIds, Idempotency-Key, security', () => {
  let t: TestApp;
  let doc: Json;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('Redocly CLI with the recommended rules reports no error', async () => {
    const errores = (await redoclyLint(doc)).filter((p) => p.severity === 'error');
    expect(errores.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`).join('\n')).toBe('');
  });

  it('declares a server, the licence and, on the public operations only, security: []', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.license).toEqual({ name: 'MIT', url: 'https://opensource.org/licenses/MIT' });
    expect(problemasDeSeguridad(doc)).toEqual([]);
    const publicas = operaciones(doc)
      .filter(({ op }) => op.security.length === 0)
      .map(({ id }) => id)
      .sort();
    expect(publicas).toEqual(['GET /api/enlaces/{token}', 'GET /api/health', 'GET /api/health/ready', 'GET /api/health/sunat', 'POST /api/auth/login']);
  });

  it('names every operation with a plain identifier: the second path of a route is an alias, not "[1]"', () => {
    expect(problemasDeOperationIds(doc)).toEqual([]);
    expect(doc.paths['/api/auth/logout'].post.operationId).toBe('AuthController_logout');
    expect(doc.paths['/api/logout'].post.operationId).toBe('AuthController_logout_alias1');
    expect(doc.paths['/api/switch-empresa'].post.operationId).toBe('AuthController_switchEmpresa_alias1');
  });

  it('writes every summary and description in Spanish, without tracker references', () => {
    expect(problemasDeTextos(doc).join('\n')).toBe('');
    // The check itself: what it must catch.
    expect(problemaDeTexto('Detalle en el issue del gestor')).toMatch(/issue/);
    expect(problemaDeTexto('Ver #0')).toMatch(/#0/);
    expect(problemaDeTexto('Sale price including IGV.')).toMatch(/English/);
    expect(problemaDeTexto('Sin distinguir tildes ni mayúsculas; `default` es código.')).toBeUndefined();
  });

  it('documents the Idempotency-Key header on every operation the interceptor honours it, and only there', () => {
    expect(problemasDeIdempotencia(doc).join('\n')).toBe('');
    const nombres = (ruta: string, metodo: string) =>
      ((doc.paths[ruta][metodo].parameters ?? []) as Json[]).map((p) => (p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!].name : p.name));
    expect(nombres('/api/ventas', 'post')).toContain('Idempotency-Key');
    expect(nombres('/api/ventas/{id}', 'put')).toContain('Idempotency-Key');
    expect(nombres('/api/compras/{id}', 'delete')).toContain('Idempotency-Key');
    expect(nombres('/api/empresas/{id}', 'post')).toContain('Idempotency-Key'); // multipart or JSON: keyed when JSON
    expect(nombres('/api/empresas/{id}/certificado', 'post')).not.toContain('Idempotency-Key'); // multipart only
    expect(nombres('/api/auth/login', 'post')).not.toContain('Idempotency-Key'); // public
    expect(nombres('/api/ventas', 'get')).not.toContain('Idempotency-Key');
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ in: 'header', name: 'Idempotency-Key', required: false });
  });
});

/** What Swagger UI sends when a person fills in only some fields of a multipart form: the others as "". */
describe('Multipart forms: an optional field sent empty is absent', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
  });
  afterAll(() => t.close());

  it('uploads a .pfx with its password and clave_privada left blank', async () => {
    const empresa = await createEmpresa(t, admin);
    const pfx = await makePfx(empresa.ruc, 'clave-pfx-123');
    const res = await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}/certificado`)
      .set(bearer(admin.token))
      .attach('certificado', pfx, 'firma.pfx')
      .field('password', 'clave-pfx-123')
      .field('clave_privada', '');
    expect(res.body).toMatchObject({ success: true });
    expect(res.status).toBe(201);
    expect(res.body.data.subject).toContain(empresa.ruc);
  });

  it('still refuses a .pfx whose password is left blank (the password is then absent)', async () => {
    const empresa = await createEmpresa(t, admin);
    const pfx = await makePfx(empresa.ruc, 'clave-pfx-123');
    const res = await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}/certificado`)
      .set(bearer(admin.token))
      .attach('certificado', pfx, 'firma.pfx')
      .field('password', '')
      .field('clave_privada', '')
      .expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['certificado']);
  });

  it('updates a company from the multipart form with the other fields blank: they keep their value', async () => {
    const empresa = await createEmpresa(t, admin);
    const antes = (await request(t.http).get(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).expect(200)).body.data;
    const form = request(t.http).post(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).field('telefono', '014443322');
    for (const campo of ['razon_social', 'comercial', 'direccion', 'email', 'ubigeo', 'igv', 'modo', 'user_sol', 'clave_sol', 'estado']) form.field(campo, '');
    const res = await form;
    expect(res.body).toMatchObject({ success: true });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      telefono: '014443322',
      razon_social: antes.razon_social,
      email: antes.email,
      igv: antes.igv,
      modo: antes.modo,
      tiene_clave_sol: false,
    });
  });

  it('answers the products Excel import with a blank file field as a missing file (422 naming archivo)', async () => {
    const res = await request(t.http).post('/api/productos/leer-excel').set(bearer(admin.token)).field('archivo', '').expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['archivo']);
  });
});
