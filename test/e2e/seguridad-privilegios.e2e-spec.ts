import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createRole, createUserSession } from '../support/factories';

const FORBIDDEN = { success: false, message: 'No tienes permiso para realizar esta acción' };
const USUARIOS = ['usuarios.view', 'usuarios.create', 'usuarios.edit', 'usuarios.delete'];
let seq = 0;

/** Issue 14, privileges: no user management step gives anyone more than the actor holds. */
describe('Security: privileges of user and role management', () => {
  let t: TestApp;
  let admin: Session;
  let empresaA: number;
  let empresaB: number;
  let gestorA: Session & { userId: number };
  let gestorB: Session & { userId: number };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    empresaB = (await createEmpresa(t, admin)).id_empresa;
    gestorA = await createUserSession(t, admin, empresaA, USUARIOS);
    gestorB = await createUserSession(t, admin, empresaB, USUARIOS);
  });
  afterAll(() => t.close());

  const nuevoUsuario = (rolId: number, fields: Record<string, unknown> = {}) => {
    seq += 1;
    const usuario = `priv${seq}_${Date.now()}`;
    return { usuario, name: `Usuario ${seq}`, email: `${usuario}@test.pe`, password: 'clave-segura-1', rol_id: rolId, ...fields };
  };

  /** A user of `empresaId` holding `rolId`, created by the administrator. */
  const usuarioConRol = async (empresaId: number, rolId: number): Promise<number> => {
    const res = await request(t.http)
      .post('/api/usuarios')
      .set(bearer(admin.token))
      .send(nuevoUsuario(rolId, { id_empresa: empresaId }))
      .expect(201);
    return res.body.data.id;
  };

  it('a non-administrator cannot create a user with a role holding a permission it lacks (403); a subset role is fine', async () => {
    const mayor = await createRole(t, admin, `mayor-${Date.now()}`, [...USUARIOS, 'empresas.edit']);
    const res = await request(t.http).post('/api/usuarios').set(bearer(gestorA.token)).send(nuevoUsuario(mayor)).expect(403);
    expect(res.body).toEqual(FORBIDDEN);
    const menor = await createRole(t, admin, `menor-${Date.now()}`, ['usuarios.view']);
    const ok = await request(t.http).post('/api/usuarios').set(bearer(gestorA.token)).send(nuevoUsuario(menor)).expect(201);
    expect(ok.body.data).toMatchObject({ rol_id: menor, id_empresa: empresaA });
  });

  it('a non-administrator cannot raise a user (itself included) to a role with more permissions', async () => {
    const mayor = await createRole(t, admin, `mayor2-${Date.now()}`, [...USUARIOS, 'ventas.delete']);
    const own = await request(t.http).put(`/api/usuarios/${gestorA.userId}`).set(bearer(gestorA.token)).send({ rol_id: mayor }).expect(403);
    expect(own.body).toEqual(FORBIDDEN);
    const menor = await createRole(t, admin, `menor2-${Date.now()}`, []);
    const subordinado = await usuarioConRol(empresaA, menor);
    await request(t.http).put(`/api/usuarios/${subordinado}`).set(bearer(gestorA.token)).send({ rol_id: mayor }).expect(403);
    const [row] = await t.dataSource.query('SELECT rol_id FROM users WHERE id = $1', [subordinado]);
    expect(row.rol_id).toBe(menor);
  });

  it('a non-administrator cannot edit, reset the password of or delete a user with more permissions', async () => {
    const mayor = await createRole(t, admin, `jefe-${Date.now()}`, [...USUARIOS, 'compras.view']);
    const jefe = await usuarioConRol(empresaA, mayor);
    const [before] = await t.dataSource.query('SELECT password, name FROM users WHERE id = $1', [jefe]);

    for (const body of [{ name: 'Cambiado' }, { password: 'clave-del-atacante-1' }, { estado: '0' }]) {
      const res = await request(t.http).put(`/api/usuarios/${jefe}`).set(bearer(gestorA.token)).send(body).expect(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    await request(t.http).delete(`/api/usuarios/${jefe}`).set(bearer(gestorA.token)).expect(403);
    const [after] = await t.dataSource.query('SELECT password, name, estado FROM users WHERE id = $1', [jefe]);
    expect(after).toEqual({ ...before, estado: '1' });

    // a user whose permissions the manager holds can still be managed
    const menor = await createRole(t, admin, `menor3-${Date.now()}`, ['usuarios.view']);
    const vendedor = await usuarioConRol(empresaA, menor);
    await request(t.http).put(`/api/usuarios/${vendedor}`).set(bearer(gestorA.token)).send({ password: 'reinicio-seguro-55' }).expect(200);
  });

  it('roles belong to a company: another company cannot see, rename or delete them, nor give them', async () => {
    const creado = await request(t.http).post('/api/roles').set(bearer(gestorA.token)).send({ nombre: 'Vendedor' }).expect(201);
    const rolA: number = creado.body.data.rol_id;
    expect(creado.body.data).toEqual({ rol_id: rolA, nombre: 'Vendedor', id_empresa: empresaA });

    const rename = await request(t.http).put(`/api/roles/${rolA}`).set(bearer(gestorB.token)).send({ nombre: 'Hackeado' }).expect(403);
    expect(rename.body).toEqual(FORBIDDEN);
    await request(t.http).delete(`/api/roles/${rolA}`).set(bearer(gestorB.token)).expect(403);
    await request(t.http).get(`/api/roles/${rolA}`).set(bearer(gestorB.token)).expect(403);
    const listB = await request(t.http).get('/api/roles').set(bearer(gestorB.token)).expect(200);
    expect(listB.body.data.map((r: { rol_id: number }) => r.rol_id)).not.toContain(rolA);
    const [row] = await t.dataSource.query('SELECT nombre FROM roles WHERE rol_id = $1', [rolA]);
    expect(row.nombre).toBe('Vendedor');

    // company B may have its own 'Vendedor'; company A may not have two
    const propio = await request(t.http).post('/api/roles').set(bearer(gestorB.token)).send({ nombre: 'vendedor' }).expect(201);
    expect(propio.body.data.id_empresa).toBe(empresaB);
    const dup = await request(t.http).post('/api/roles').set(bearer(gestorA.token)).send({ nombre: 'VENDEDOR' }).expect(422);
    expect(dup.body.errors).toEqual({ nombre: ['Ya existe un rol con ese nombre.'] });

    // B cannot give A's role to its users; the administrator cannot give it to a user of B either
    const give = await request(t.http).post('/api/usuarios').set(bearer(gestorB.token)).send(nuevoUsuario(rolA)).expect(422);
    expect(give.body.errors).toEqual({ rol_id: ['El rol pertenece a otra empresa.'] });
    await request(t.http)
      .post('/api/usuarios')
      .set(bearer(admin.token))
      .send(nuevoUsuario(rolA, { id_empresa: empresaB }))
      .expect(422);

    // the owner renames and deletes its own role
    await request(t.http).put(`/api/roles/${rolA}`).set(bearer(gestorA.token)).send({ nombre: 'Vendedor senior' }).expect(200);
    await request(t.http).delete(`/api/roles/${rolA}`).set(bearer(gestorA.token)).expect(200);
  });

  it('global roles are listed for every company and changed only by administrators', async () => {
    const global = await createRole(t, admin, `Global-${Date.now()}`, ['ventas.view']);
    const [row] = await t.dataSource.query('SELECT id_empresa FROM roles WHERE rol_id = $1', [global]);
    expect(row.id_empresa).toBeNull();
    for (const gestor of [gestorA, gestorB]) {
      const list = await request(t.http).get('/api/roles').set(bearer(gestor.token)).expect(200);
      expect(list.body.data).toContainEqual({ rol_id: global, nombre: expect.any(String), id_empresa: null });
      await request(t.http).put(`/api/roles/${global}`).set(bearer(gestor.token)).send({ nombre: 'Renombrado' }).expect(403);
      await request(t.http).delete(`/api/roles/${global}`).set(bearer(gestor.token)).expect(403);
    }
    await request(t.http)
      .put(`/api/roles/${global}`)
      .set(bearer(admin.token))
      .send({ nombre: `Global-renombrado-${Date.now()}` })
      .expect(200);
  });

  it('a role in use cannot be deleted (409), even by its company', async () => {
    const creado = await request(t.http)
      .post('/api/roles')
      .set(bearer(gestorA.token))
      .send({ nombre: `En uso ${Date.now()}` })
      .expect(201);
    await request(t.http).post('/api/usuarios').set(bearer(gestorA.token)).send(nuevoUsuario(creado.body.data.rol_id)).expect(201);
    const res = await request(t.http).delete(`/api/roles/${creado.body.data.rol_id}`).set(bearer(gestorA.token)).expect(409);
    expect(res.body).toEqual({ success: false, message: 'El rol tiene usuarios asignados.' });
  });
  it('a taken user name or e-mail is refused with the same words whoever holds it: never that another company does', async () => {
    const rol = await createRole(t, admin, `lector-${Date.now()}`, ['usuarios.view']);
    const propio = await request(t.http).post('/api/usuarios').set(bearer(gestorA.token)).send(nuevoUsuario(rol)).expect(201);
    const ajeno = await request(t.http).post('/api/usuarios').set(bearer(gestorB.token)).send(nuevoUsuario(rol)).expect(201);
    const porUsuario: unknown[] = [];
    const porEmail: unknown[] = [];
    for (const taken of [propio.body.data, ajeno.body.data]) {
      const sameName = nuevoUsuario(rol, { usuario: String(taken.usuario).toUpperCase() });
      porUsuario.push((await request(t.http).post('/api/usuarios').set(bearer(gestorA.token)).send(sameName).expect(422)).body);
      const sameEmail = nuevoUsuario(rol, { email: taken.email });
      porEmail.push((await request(t.http).post('/api/usuarios').set(bearer(gestorA.token)).send(sameEmail).expect(422)).body);
    }
    // the administrator's name, held by no company the caller can see
    porUsuario.push(
      (
        await request(t.http)
          .post('/api/usuarios')
          .set(bearer(gestorA.token))
          .send(nuevoUsuario(rol, { usuario: 'Admin' }))
          .expect(422)
      ).body,
    );
    const [usuario, email] = [porUsuario[0], porEmail[0]];
    expect(usuario).toEqual({ success: false, message: expect.any(String), errors: { usuario: ['Ese nombre de usuario no está disponible; elija otro.'] } });
    expect(email).toEqual({ success: false, message: expect.any(String), errors: { email: ['Ese email no está disponible; use otro.'] } });
    expect(porUsuario).toEqual([usuario, usuario, usuario]);
    expect(porEmail).toEqual([email, email]);
  });

  it('ten creates of one user name at once: one is created, the others get that same 422 (never a 500)', async () => {
    const rol = await createRole(t, admin, `lector-${Date.now()}`, ['usuarios.view']);
    const body = nuevoUsuario(rol);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(t.http)
          .post('/api/usuarios')
          .set(bearer(i % 2 ? gestorA.token : gestorB.token))
          .send({ ...body, email: `par${i}_${body.email}` }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(422)]);
    for (const res of answers.filter((r) => r.status === 422)) {
      expect(res.body.errors).toEqual({ usuario: ['Ese nombre de usuario no está disponible; elija otro.'] });
    }
  });
});
