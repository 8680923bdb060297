import request from 'supertest';
import { TestApp, ADMIN } from './create-test-app';

export interface Session {
  token: string;
  body: Record<string, any>;
}

export async function login(t: TestApp, user = ADMIN.user, password = ADMIN.password): Promise<Session> {
  const res = await request(t.http).post('/api/auth/login').send({ user, password });
  if (res.status !== 200) throw new Error(`login ${user} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, body: res.body };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
