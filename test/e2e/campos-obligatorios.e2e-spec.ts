import { RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';

type Json = Record<string, any>;

/** A create route: POST without path parameters whose handler reads a `@Body()` DTO. */
interface RutaCreacion {
  ruta: string;
  dto: Type<unknown>;
}

/** Every create route of the running app, from Nest's own route metadata. */
function rutasDeCreacion(t: TestApp): RutaCreacion[] {
  const rutas: RutaCreacion[] = [];
  for (const modulo of t.app.get(ModulesContainer).values()) {
    for (const wrapper of modulo.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | undefined;
      if (!controller) continue;
      const base = primera(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
      const proto = controller.prototype as Record<string, unknown>;
      for (const metodo of Object.getOwnPropertyNames(proto)) {
        const fn = proto[metodo];
        if (metodo === 'constructor' || typeof fn !== 'function') continue;
        if (Reflect.getMetadata(METHOD_METADATA, fn) !== RequestMethod.POST) continue;
        const ruta = `/api/${[base, primera(Reflect.getMetadata(PATH_METADATA, fn) as string | string[])].filter((p) => p && p !== '/').join('/')}`;
        if (ruta.includes(':')) continue;
        const dto = cuerpoDe(controller, metodo);
        if (dto) rutas.push({ ruta, dto });
      }
    }
  }
  return rutas.sort((a, b) => a.ruta.localeCompare(b.ruta));
}

const primera = (p: string | string[] | undefined) => (Array.isArray(p) ? p[0] : p)?.replace(/^\/+|\/+$/g, '');

function cuerpoDe(controller: Type<unknown>, metodo: string): Type<unknown> | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, metodo) ?? {}) as Record<string, { index: number }>;
  const clave = Object.keys(args).find((k) => k.split(':')[0] === String(RouteParamtypes.BODY));
  if (!clave) return undefined;
  const tipos = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, metodo) ?? []) as Type<unknown>[];
  return tipos[args[clave].index];
}

/** Custom rules that make a field required only with some other field's value (guides' carrier and driver). */
const CONDICIONALES = new Set(['textRequiredWhen']);

/**
 * The DTO's required top-level fields, from class-validator's metadata (inherited rules included): a field with
 * rules and no @IsOptional / @ValidateIf / conditional rule. This is what the old CreateEmpresaDto got wrong: its razon_social inherited
 * the update's @IsOptional, so a create without it reached PostgreSQL's NOT NULL (500).
 */
function camposObligatorios(dto: Type<unknown>): string[] {
  const porCampo = new Map<string, string[]>();
  for (const m of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const tipo = m.name && CONDICIONALES.has(m.name) ? ValidationTypes.CONDITIONAL_VALIDATION : m.type;
    porCampo.set(m.propertyName, [...(porCampo.get(m.propertyName) ?? []), tipo]);
  }
  return [...porCampo]
    .filter(([, tipos]) => !tipos.includes(ValidationTypes.CONDITIONAL_VALIDATION) && tipos.some((t) => t !== ValidationTypes.WHITELIST))
    .map(([campo]) => campo)
    .sort();
}

/** The route's documented request example (/api/docs-json), a body that passes the DTO. */
function ejemplo(doc: Json, ruta: string): Json {
  const media = doc.paths?.[ruta]?.post?.requestBody?.content?.['application/json'] as Json | undefined;
  const valor = media?.example ?? (Object.values<Json>(media?.examples ?? {})[0]?.value as Json | undefined);
  if (!valor) throw new Error(`${ruta}: sin ejemplo de cuerpo en /api/docs-json`);
  return valor;
}

describe('Every create route names each required field it is sent without (422, never 500)', () => {
  let t: TestApp;
  let admin: Session;
  let doc: Json;
  let rutas: RutaCreacion[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
    rutas = rutasDeCreacion(t);
  });
  afterAll(() => t.close());

  it('finds the create routes from the route metadata', () => {
    expect(rutas.map((r) => r.ruta)).toEqual(
      expect.arrayContaining(['/api/clientes', '/api/cotizaciones', '/api/empresas', '/api/guias-remision', '/api/notas-credito', '/api/ventas']),
    );
    expect(camposObligatorios(rutas.find((r) => r.ruta === '/api/empresas')!.dto)).toEqual(['razon_social', 'ruc']);
  });

  it('each required field left out, one at a time: 422 with `<campo> es obligatorio.` on that field alone', async () => {
    const problemas: string[] = [];
    let casos = 0;
    for (const { ruta, dto } of rutas) {
      const completo = ejemplo(doc, ruta);
      for (const campo of camposObligatorios(dto)) {
        casos++;
        const { [campo]: _omitido, ...cuerpo } = completo;
        const res = await request(t.http).post(ruta).set(bearer(admin.token)).send(cuerpo);
        const visto = { status: res.status, message: res.body.message, errors: res.body.errors };
        const esperado = { status: 422, message: 'Los datos enviados no son válidos.', errors: { [campo]: [`${campo} es obligatorio.`] } };
        if (JSON.stringify(visto) !== JSON.stringify(esperado)) problemas.push(`POST ${ruta} sin ${campo}: ${JSON.stringify(visto)}`);
      }
    }
    expect(casos).toBeGreaterThan(20);
    // Every failing route and field in one message.
    expect(problemas.join('\n')).toBe('');
  });
});
