import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createRole, createUserSession } from '../support/factories';

const FORBIDDEN = { success: false, message: 'No tienes permiso para realizar esta acción' };

describe('Permissions and roles', () => {
  let t: TestApp;
  let admin: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
  });
  afterAll(() => t.close());

  it('seeds the 36 default permissions with SPEC.md display names and descriptions', async () => {
    const res = await request(t.http).get('/api/permissions').set(bearer(admin.token)).expect(200);
    expect(res.body.data).toHaveLength(36);
    const modules = ['ventas', 'productos', 'clientes', 'proveedores', 'compras', 'cotizaciones', 'empresas', 'usuarios', 'reportes'];
    expect([...new Set(res.body.data.map((p: { module: string }) => p.module))]).toEqual(modules);
    expect(res.body.data.find((p: { name: string }) => p.name === 'ventas.view')).toMatchObject({
      display_name: 'Ver Ventas',
      module: 'ventas',
      action: 'view',
      description: 'Permiso para Ver en el módulo de Ventas',
    });
    expect(res.body.data.find((p: { name: string }) => p.name === 'cotizaciones.delete')).toMatchObject({
      display_name: 'Eliminar Cotizaciones',
      description: 'Permiso para Eliminar en el módulo de Cotizaciones',
    });
    const [unique] = await t.dataSource.query(`SELECT count(*)::int AS n FROM pg_constraint WHERE conname = 'role_permission_unique' AND contype = 'u'`);
    expect(unique.n).toBe(1);
  });

  it('answers 403 with the exact body when the role lacks the permission, 200 when it has it', async () => {
    const sinPermiso = await createUserSession(t, admin, empresaId, ['ventas.view']);
    const res = await request(t.http).get('/api/usuarios').set(bearer(sinPermiso.token)).expect(403);
    expect(res.body).toEqual(FORBIDDEN);
    const conPermiso = await createUserSession(t, admin, empresaId, ['usuarios.view']);
    const ok = await request(t.http).get('/api/usuarios').set(bearer(conPermiso.token)).expect(200);
    expect(ok.body.success).toBe(true);
  });

  it('lets the administrator through even when role 1 has no permissions at all', async () => {
    await request(t.http).put('/api/permissions/role/1').set(bearer(admin.token)).send({ permissions: [] }).expect(200);
    await request(t.http).get('/api/usuarios').set(bearer(admin.token)).expect(200);
    await request(t.http).get('/api/empresas').set(bearer(admin.token)).expect(200);
    const names = (await request(t.http).get('/api/permissions').set(bearer(admin.token))).body.data.map((p: { name: string }) => p.name);
    await request(t.http).put('/api/permissions/role/1').set(bearer(admin.token)).send({ permissions: names }).expect(200);
  });

  it('replaces a role permissions (old ones removed) and the change applies to the next request', async () => {
    const user = await createUserSession(t, admin, empresaId, ['usuarios.view']);
    await request(t.http).get('/api/usuarios').set(bearer(user.token)).expect(200);
    const rolId = user.body.user.rol_id;
    const put = await request(t.http)
      .put(`/api/permissions/role/${rolId}`)
      .set(bearer(admin.token))
      .send({ permissions: ['empresas.view', 'ventas.view'] })
      .expect(200);
    expect(put.body.permissions.sort()).toEqual(['empresas.view', 'ventas.view']);
    const get = await request(t.http).get(`/api/permissions/role/${rolId}`).set(bearer(admin.token)).expect(200);
    expect(get.body.permissions.sort()).toEqual(['empresas.view', 'ventas.view']);
    await request(t.http).get('/api/usuarios').set(bearer(user.token)).expect(403);
    const mine = await request(t.http).get('/api/permissions/user').set(bearer(user.token)).expect(200);
    expect(mine.body.permissions.sort()).toEqual(['empresas.view', 'ventas.view']);
  });

  it('refuses unknown permission names with 422 and changes nothing', async () => {
    const user = await createUserSession(t, admin, empresaId, ['ventas.view']);
    const rolId = user.body.user.rol_id;
    const res = await request(t.http)
      .put(`/api/permissions/role/${rolId}`)
      .set(bearer(admin.token))
      .send({ permissions: ['ventas.create', 'inventado.view'] })
      .expect(422);
    expect(res.body.errors.permissions[0]).toContain('inventado.view');
    const get = await request(t.http).get(`/api/permissions/role/${rolId}`).set(bearer(admin.token)).expect(200);
    expect(get.body.permissions).toEqual(['ventas.view']);
    await request(t.http).put('/api/permissions/role/99999').set(bearer(admin.token)).send({ permissions: [] }).expect(404);
  });

  it('keeps permission management for administrators only', async () => {
    const user = await createUserSession(t, admin, empresaId, ['usuarios.view', 'usuarios.edit', 'empresas.edit']);
    for (const [method, path] of [
      ['get', '/api/permissions'],
      ['get', '/api/permissions/role/1'],
      ['put', '/api/permissions/role/1'],
    ] as const) {
      const res = await request(t.http)[method](path).set(bearer(user.token)).send({ permissions: [] }).expect(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    await request(t.http).get('/api/permissions/user').set(bearer(user.token)).expect(200);
  });

  it('checks each route of usuarios and roles against its permission', async () => {
    // A role without permissions: a holder of only usuarios.create may give it (issue 14: never more than it has).
    const vacio = await createRole(t, admin, `vacio-${Date.now()}`, []);
    const routes: Array<[string, 'get' | 'post' | 'put' | 'delete', string, object?]> = [
      ['usuarios.view', 'get', '/api/usuarios'],
      ['usuarios.view', 'get', '/api/roles'],
      ['usuarios.create', 'post', '/api/roles', { nombre: `r-${Date.now()}` }],
      [
        'usuarios.create',
        'post',
        '/api/usuarios',
        { usuario: `u${Date.now()}`, name: 'U', email: `u${Date.now()}@t.pe`, password: 'clave-larga-2024', rol_id: vacio },
      ],
      ['empresas.view', 'get', '/api/empresas'],
    ];
    for (const [permission, method, path, body] of routes) {
      const without = await createUserSession(t, admin, empresaId, []);
      await request(t.http)
        [method](path)
        .set(bearer(without.token))
        .send(body ?? {})
        .expect(403);
      const withIt = await createUserSession(t, admin, empresaId, [permission]);
      const res = await request(t.http)
        [method](path)
        .set(bearer(withIt.token))
        .send(body ?? {});
      expect([200, 201]).toContain(res.status);
    }
  });

  it('refuses to let a non-administrator create or promote administrators', async () => {
    const user = await createUserSession(t, admin, empresaId, ['usuarios.create', 'usuarios.edit']);
    const res = await request(t.http)
      .post('/api/usuarios')
      .set(bearer(user.token))
      .send({ usuario: `evil${Date.now()}`, name: 'X', email: `evil${Date.now()}@t.pe`, password: 'clave-larga-2024', rol_id: 1 })
      .expect(403);
    expect(res.body).toEqual(FORBIDDEN);
    await request(t.http).put(`/api/usuarios/${user.userId}`).set(bearer(user.token)).send({ rol_id: 1 }).expect(403);
  });

  it('protects the Administrador role from edits and deletion', async () => {
    await request(t.http).delete('/api/roles/1').set(bearer(admin.token)).expect(409);
    await request(t.http).put('/api/roles/1').set(bearer(admin.token)).send({ nombre: 'Otro' }).expect(409);
  });
});
