import request from 'supertest';
import { TestApp } from './create-test-app';
import { bearer, login, Session } from './auth';

let seq = 0;

/** A valid RUC (check digit computed) unique within the test run. */
export function nextRuc(): string {
  seq += 1;
  const base = `20${String(100000000 + ((Date.now() % 1000) * 1000 + seq) % 899999999).slice(0, 8)}`;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
  return base + String((11 - (sum % 11)) % 10);
}

export async function createEmpresa(t: TestApp, admin: Session, fields: Record<string, unknown> = {}) {
  const res = await request(t.http)
    .post('/api/empresas')
    .set(bearer(admin.token))
    .send({ ruc: nextRuc(), razon_social: `EMPRESA ${seq} S.A.C.`, direccion: 'AV. PRUEBA 1', ...fields });
  if (res.status !== 201) throw new Error(`createEmpresa: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id_empresa: number; ruc: string };
}

export async function createRole(t: TestApp, admin: Session, nombre: string, permissions: string[]) {
  const res = await request(t.http).post('/api/roles').set(bearer(admin.token)).send({ nombre });
  if (res.status !== 201) throw new Error(`createRole: ${res.status} ${JSON.stringify(res.body)}`);
  const rolId = res.body.data.rol_id as number;
  const put = await request(t.http).put(`/api/permissions/role/${rolId}`).set(bearer(admin.token)).send({ permissions });
  if (put.status !== 200) throw new Error(`set permissions: ${put.status} ${JSON.stringify(put.body)}`);
  return rolId;
}

/** A non-administrator of the given company with a role holding exactly `permissions`; returns its session. */
export async function createUserSession(t: TestApp, admin: Session, empresaId: number, permissions: string[]): Promise<Session & { userId: number }> {
  seq += 1;
  const rolId = await createRole(t, admin, `rol-${seq}-${Date.now()}`, permissions);
  const usuario = `user${seq}_${Date.now()}`;
  const res = await request(t.http)
    .post('/api/usuarios')
    .set(bearer(admin.token))
    .send({ usuario, name: `Usuario ${seq}`, email: `${usuario}@test.pe`, password: 'clave-segura-1', rol_id: rolId, id_empresa: empresaId });
  if (res.status !== 201) throw new Error(`createUser: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await login(t, usuario, 'clave-segura-1');
  return { ...session, userId: res.body.data.id };
}
