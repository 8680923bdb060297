import { createHmac } from 'node:crypto';
import { cabecerasFirmadas, firmar, nuevoSecreto, PREFIJO_SECRETO } from './firma';

describe('webhook signature (Standard Webhooks, symmetric v1)', () => {
  it("matches the specification's test vector", () => {
    // standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts "sign function works"
    expect(firmar('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('signs id, timestamp and body: changing any of them changes the signature', () => {
    const secreto = nuevoSecreto();
    const base = firmar(secreto, 'evt_1', 1700000000, '{"a":1}');
    expect(firmar(secreto, 'evt_2', 1700000000, '{"a":1}')).not.toBe(base);
    expect(firmar(secreto, 'evt_1', 1700000001, '{"a":1}')).not.toBe(base);
    expect(firmar(secreto, 'evt_1', 1700000000, '{"a":2}')).not.toBe(base);
    expect(firmar(nuevoSecreto(), 'evt_1', 1700000000, '{"a":1}')).not.toBe(base);
  });

  it('a receiver recomputes it with the secret alone', () => {
    const secreto = nuevoSecreto();
    const cuerpo = JSON.stringify({ type: 'documento.creado', timestamp: '2025-01-01T00:00:00.000Z', data: { id: 1 } });
    const headers = cabecerasFirmadas(secreto, 'evt_9', 1700000000, cuerpo);
    const clave = Buffer.from(secreto.slice(PREFIJO_SECRETO.length), 'base64');
    const esperada = createHmac('sha256', clave).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${cuerpo}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${esperada}`);
  });

  it('new secrets are whsec_ and 32 random bytes', () => {
    const a = nuevoSecreto();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(nuevoSecreto()).not.toBe(a);
  });
});
