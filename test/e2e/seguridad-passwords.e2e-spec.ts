import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createRole, createUserSession } from '../support/factories';

const INVALID = 'Los datos enviados no son válidos.';
let seq = 0;

/** Issue 14, passwords: at least 10 characters, at most 72 bytes (bcrypt's limit), never a common one. */
describe('Security: password rules on create, reset and change', () => {
  let t: TestApp;
  let admin: Session;
  let empresaId: number;
  let rolId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    rolId = await createRole(t, admin, `rol-pw-${Date.now()}`, ['ventas.view']);
  });
  afterAll(() => t.close());

  const crear = (password: string) => {
    seq += 1;
    const usuario = `pw${seq}_${Date.now()}`;
    return request(t.http)
      .post('/api/usuarios')
      .set(bearer(admin.token))
      .send({ usuario, name: 'U', email: `${usuario}@test.pe`, password, rol_id: rolId, id_empresa: empresaId });
  };

  it.each([
    ['9 characters', 'abcdefghj', 'password debe tener al menos 10 caracteres.'],
    ['37 × ñ: 37 characters but 74 bytes', 'ñ'.repeat(37), 'password no debe superar 72 bytes (la ñ y las letras con tilde cuentan 2).'],
    ['73 ASCII characters', 'x'.repeat(73), 'password no debe superar 72 bytes (la ñ y las letras con tilde cuentan 2).'],
    ['a listed common password', '1234567890', 'password es una contraseña demasiado común; elija otra.'],
    ['a listed one, any case', 'QwertyUiop', 'password es una contraseña demasiado común; elija otra.'],
    ['a listed one with digits and symbols appended', 'Sunshine2024!', 'password es una contraseña demasiado común; elija otra.'],
  ])('refuses %s with 422 on password', async (_label, password, message) => {
    const res = await crear(password).expect(422);
    expect(res.body).toEqual({ success: false, message: INVALID, errors: { password: [message] } });
  });

  it('accepts 10 characters and exactly 72 bytes of ñ (36 characters), and both log in', async () => {
    for (const password of ['río-limpio', 'ñ'.repeat(36)]) {
      const res = await crear(password).expect(201);
      await login(t, res.body.data.usuario, password);
    }
  });

  it("applies the same rules to an administrator reset and to PUT on one's own user", async () => {
    const user = await createUserSession(t, admin, empresaId, ['usuarios.edit']);
    const reset = await request(t.http).put(`/api/usuarios/${user.userId}`).set(bearer(admin.token)).send({ password: 'corta' }).expect(422);
    expect(reset.body.errors).toEqual({ password: ['password debe tener al menos 10 caracteres.'] });
    const own = await request(t.http).put(`/api/usuarios/${user.userId}`).set(bearer(user.token)).send({ password: 'password123' }).expect(422);
    expect(own.body.errors).toEqual({ password: ['password es una contraseña demasiado común; elija otra.'] });
    // nothing changed: the old password still logs in
    const [row] = await t.dataSource.query('SELECT usuario FROM users WHERE id = $1', [user.userId]);
    await login(t, row.usuario, 'clave-segura-1');
  });

  it('applies them to POST /api/auth/password', async () => {
    const user = await createUserSession(t, admin, empresaId, []);
    const res = await request(t.http)
      .post('/api/auth/password')
      .set(bearer(user.token))
      .send({ password_actual: 'clave-segura-1', password: 'á'.repeat(40) })
      .expect(422);
    expect(res.body.errors).toEqual({ password: ['password no debe superar 72 bytes (la ñ y las letras con tilde cuentan 2).'] });
  });
});
