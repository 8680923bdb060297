import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

type Json = Record<string, any>;

/**
 * Issue 15: the examples of /api/docs-json work as they are. On a fresh installation (the test app with the
 * README's admin/admin12345 and the SUNAT simulator) every operation is executed once, in the order a person
 * would follow in Swagger UI, with its documented path/query/body example; each must answer 2xx without
 * success:false. Only a ticket (unknown until the send answers) is taken from an earlier answer.
 * OPENAPI_CAPTURE=1 also rewrites src/common/openapi/respuestas-ejemplo.json, the response examples.
 */
/** ejemplo: which named body example; ticketDe / urlDe / nombreDe: the ticket, url or nombre_archivo of an earlier step's answer. */
type Opciones = { ejemplo?: string; ticketDe?: string; urlDe?: string; nombreDe?: string };
const PASOS: Array<string | [string, Opciones]> = [
  'POST /api/auth/login',
  'GET /api/verify',
  'POST /api/auth/switch-empresa',
  'GET /api/permissions',
  'GET /api/permissions/user',
  'POST /api/roles',
  'GET /api/roles',
  'GET /api/roles/{id}',
  'PUT /api/roles/{id}',
  'PUT /api/permissions/role/{rolId}',
  'GET /api/permissions/role/{rolId}',
  'POST /api/usuarios',
  'GET /api/usuarios',
  'GET /api/usuarios/{id}',
  'PUT /api/usuarios/{id}',
  'GET /api/empresas',
  'GET /api/empresas/{id}',
  'POST /api/empresas',
  'POST /api/empresas/{id}',
  'DELETE /api/empresas/{id}/logo',
  'POST /api/webhooks',
  'GET /api/webhooks',
  'GET /api/webhooks/{id}',
  'PUT /api/webhooks/{id}',
  'POST /api/webhooks/{id}/rotar-secreto',
  'GET /api/series',
  'POST /api/series',
  'POST /api/clientes',
  'GET /api/clientes',
  'GET /api/clientes/{id}',
  'PUT /api/clientes/{id}',
  ['POST /api/proveedores', { ejemplo: 'supermercado' }],
  ['POST /api/proveedores', { ejemplo: 'transportista' }],
  'GET /api/proveedores',
  'GET /api/proveedores/{id}',
  'PUT /api/proveedores/{id}',
  'POST /api/productos',
  'GET /api/productos',
  'GET /api/productos/exportar-excel',
  'GET /api/productos/{id}',
  'PUT /api/productos/{id}',
  'POST /api/productos/importar-lista',
  'POST /api/compras',
  'GET /api/compras',
  'GET /api/compras/{id}',
  'PUT /api/compras/{id}',
  'DELETE /api/compras/{id}',
  'POST /api/compras',
  'POST /api/compras/{id}/anular',
  'GET /api/movimientos-stock',
  'GET /api/cotizaciones/proximo-numero',
  'POST /api/cotizaciones',
  'GET /api/cotizaciones',
  'GET /api/cotizaciones/{id}',
  'PUT /api/cotizaciones/{id}',
  'POST /api/cotizaciones/{id}/estado',
  ['POST /api/ventas', { ejemplo: 'factura' }],
  ['POST /api/ventas', { ejemplo: 'boleta' }],
  ['POST /api/ventas', { ejemplo: 'boleta' }],
  ['POST /api/ventas', { ejemplo: 'boleta' }],
  'GET /api/ventas',
  'GET /api/ventas/{id}',
  'PUT /api/ventas/{id}',
  'POST /api/ventas/{id}/descontar-stock',
  'GET /api/ventas/{id}/xml',
  'POST /api/ventas/{id}/enviar',
  'GET /api/ventas/{id}/cdr',
  'POST /api/ventas/{id}/enviar-correo',
  'POST /api/ventas/{id}/anular',
  'DELETE /api/ventas/{id}',
  'GET /api/ventas/exportar-excel',
  'GET /api/ventas/exportar-zip',
  'GET /api/webhooks/{id}/entregas',
  'POST /api/webhooks/{id}/entregas/{entrega}/reenviar',
  'POST /api/enlaces',
  ['GET /api/enlaces/{token}', { urlDe: 'POST /api/enlaces' }],
  'GET /api/ventas/exportar-pdf',
  'GET /reporte/ventas/exportar-excel',
  'GET /reporte/ventas/exportar-pdf',
  'GET /reporteNV/{id}',
  'GET /reporteNV/{id}/ticket',
  'GET /reporte/cotizacion/{id}',
  'GET /reporte/cotizacion/{id}/ticket',
  'GET /api/notas-debito/motivos',
  'GET /api/notas-debito/buscar-venta',
  'POST /api/notas-debito',
  'GET /api/notas-debito',
  'GET /api/notas-debito/{id}',
  'GET /api/notas-debito/xml/{nombre}',
  'POST /api/notas-debito/{id}/enviar',
  'GET /api/notas-debito/{id}/cdr',
  'POST /api/notas-debito/{id}/enviar-correo',
  'GET /reporte/nota-debito/{id}',
  'GET /reporte/nota-debito/{id}/ticket',
  'POST /api/comunicacion-baja',
  ['POST /api/comunicacion-baja/consultar-ticket', { ticketDe: 'POST /api/comunicacion-baja' }],
  ['GET /api/comunicacion-baja/xml/{nombre}', { nombreDe: 'POST /api/comunicacion-baja' }],
  ['GET /api/comunicacion-baja/cdr/{nombre}', { nombreDe: 'POST /api/comunicacion-baja' }],
  'POST /api/notas-debito/{id}/anular',
  'GET /api/notas-credito/motivos',
  'GET /api/notas-credito/buscar-venta',
  'POST /api/notas-credito',
  'GET /api/notas-credito',
  'GET /api/notas-credito/{id}',
  'GET /api/notas-credito/xml/{nombre}',
  'POST /api/notas-credito/{id}/enviar',
  'GET /api/notas-credito/{id}/cdr',
  'POST /api/notas-credito/{id}/enviar-correo',
  'GET /reporte/nota-credito/{id}',
  'GET /reporte/nota-credito/{id}/ticket',
  'POST /api/notas-credito/{id}/anular',
  'POST /api/resumen-diario',
  ['POST /api/resumen-diario/consultar-ticket', { ticketDe: 'POST /api/resumen-diario' }],
  ['GET /api/resumen-diario/xml/{nombre}', { nombreDe: 'POST /api/resumen-diario' }],
  ['GET /api/resumen-diario/cdr/{nombre}', { nombreDe: 'POST /api/resumen-diario' }],
  'POST /api/resumen-diario/anular',
  'GET /api/guias-remision/motivos',
  'GET /api/guias-remision/proximo-numero',
  'GET /api/guias-remision/ubigeos',
  'GET /api/catalogos/{numero}',
  'POST /api/guias-remision',
  'GET /api/guias-remision',
  'GET /api/guias-remision/{id}',
  'GET /api/guias-remision/xml/{nombre}',
  'POST /api/guias-remision/{id}/enviar',
  'POST /api/guias-remision/{id}/consultar-ticket',
  'GET /api/guias-remision/{id}/cdr',
  'GET /reporte/guia/{id}',
  'GET /reporte/guia/{id}/ticket',
  'GET /api/sunat/estado',
  'POST /api/conciliaciones',
  'GET /api/conciliaciones/{id}',
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/health/sunat',
  'DELETE /api/clientes/{id}',
  'DELETE /api/proveedores/{id}',
  'DELETE /api/productos/{id}',
  'DELETE /api/usuarios/{id}',
  'DELETE /api/roles/{id}',
  'DELETE /api/cotizaciones/{id}',
  'DELETE /api/webhooks/{id}',
  'POST /api/auth/password',
  'POST /api/refresh',
  'POST /api/auth/logout',
];

/** Operations whose example needs a file (Swagger UI's file picker), checked by their own e2e tests. */
const CON_ARCHIVO = new Set(['POST /api/empresas/{id}/certificado', 'POST /api/productos/leer-excel', 'POST /api/validar/{tipo}']);
/** Second paths of one operation (the example runs once, under the first path). */
const ALIAS = new Set(['POST /api/logout', 'POST /api/switch-empresa']);

/** An answer cut down to a readable example: one item per list, long texts shortened. */
function recortar(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 1).map(recortar);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, recortar(v)]));
  if (typeof value === 'string' && value.length > 200) return `${value.slice(0, 200)}…`;
  return value;
}

describe('OpenAPI examples run as they are on a fresh installation', () => {
  let t: TestAppWithSunat;
  let doc: Json;

  beforeAll(async () => {
    t = await createTestAppWithSunat({ ADMIN_PASSWORD: 'admin12345' });
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('every operation with a JSON example answers 2xx with its example, in order', async () => {
    const operaciones = new Set<string>();
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) if (item[method]) operaciones.add(`${method.toUpperCase()} ${path}`);
    }
    const pasos = PASOS.map((p): [string, Opciones] => (typeof p === 'string' ? [p, {}] : p));
    const cubiertas = new Set(pasos.map(([id]) => id));
    const fallos = [...operaciones].filter((id) => !cubiertas.has(id) && !CON_ARCHIVO.has(id) && !ALIAS.has(id)).map((id) => `${id}: no step runs its example`);
    const respuestas: Record<string, { status: number; body: unknown }> = {};
    const tickets: Record<string, string> = {};
    const urls: Record<string, string> = {};
    const archivos: Record<string, string> = {};
    let token = '';
    for (const [id, opciones] of pasos) {
      const [method, path] = id.split(' ');
      const op = doc.paths[path]?.[method.toLowerCase()] as Json | undefined;
      if (!op) {
        fallos.push(`${id}: not in the document`);
        continue;
      }
      let url = path;
      const query: Record<string, unknown> = {};
      for (const param of (op.parameters ?? []) as Json[]) {
        const example = param.example ?? param.schema?.example;
        if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(String(example)));
        if (param.in === 'query' && example !== undefined && param.name !== 'token') query[param.name] = example;
      }
      const media = op.requestBody?.content?.['application/json'] as Json | undefined;
      const examples = media?.examples ?? {};
      let body = (opciones.ejemplo ? examples[opciones.ejemplo] : Object.values<Json>(examples)[0])?.value as Json | undefined;
      if (opciones.ticketDe) body = { ...body, ticket: tickets[opciones.ticketDe] };
      if (opciones.urlDe) url = urls[opciones.urlDe];
      if (opciones.nombreDe) url = path.replace('{nombre}', encodeURIComponent(archivos[opciones.nombreDe]));
      let req = request(t.http)[method.toLowerCase() as 'get'](url).query(query);
      if (token) req = req.set('Authorization', `Bearer ${token}`);
      if (body !== undefined) req = req.send(body);
      const res = await req;
      const json = res.type === 'application/json' ? (res.body as Json) : undefined;
      if (res.status < 200 || res.status > 299 || json?.success === false) {
        fallos.push(`${id}: ${res.status} ${json ? JSON.stringify(json) : res.type}`);
        continue;
      }
      if (json?.ticket) tickets[id] = json.ticket;
      if (typeof json?.url === 'string') urls[id] = json.url;
      if (typeof json?.nombre_archivo === 'string') archivos[id] = json.nombre_archivo;
      if (json?.token) token = json.token;
      const clave = String(op.operationId)
        .replace('_', '.')
        .replace(/_alias\d+$/, '');
      if (json && !respuestas[clave]) respuestas[clave] = { status: res.status, body: recortar(json) };
    }
    if (process.env.OPENAPI_CAPTURE === '1') {
      const sorted = Object.fromEntries(Object.entries(respuestas).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(join(__dirname, '../../src/common/openapi/respuestas-ejemplo.json'), `${JSON.stringify(sorted, null, 2)}\n`);
    }
    expect(fallos.join('\n')).toBe('');
    // one walk of every operation (about 150 requests, SUNAT sends and PDFs included): generous for a loaded machine
  }, 900_000);
});
