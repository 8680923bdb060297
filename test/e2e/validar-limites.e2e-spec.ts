import request from 'supertest';
import { validacionExcedida, VALIDAR_MAX_BYTES } from '../../src/validar/validar.service';
import { VALIDAR_OCUPADO, ValidarPool } from '../../src/validar/validar-pool';
import { buildInvoiceXml } from '../../src/sunat/xml/invoice-xml';
import { factura } from '../../src/sunat/xml/testing/fixtures';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession, createVenta } from '../support/factories';

const TIMEOUT_MS = 5000;

/**
 * The heaviest document /api/validar takes: just under the size limit, every byte a legend (cbc:Note), which SUNAT's
 * rules compare with each other (tens of seconds of rules on any machine, far beyond the time limit).
 */
function maximal(): string {
  const xml = buildInvoiceXml(factura());
  const notes: string[] = [];
  let size = Buffer.byteLength(xml);
  for (let i = 1; size < VALIDAR_MAX_BYTES - 2000; i++) {
    const note = `<cbc:Note languageLocaleID="1000">LEYENDA ${i}</cbc:Note>`;
    notes.push(note);
    size += note.length;
  }
  return xml.replace('</cbc:InvoiceTypeCode>', `</cbc:InvoiceTypeCode>${notes.join('')}`);
}

/** Waits (without a deadline of its own: the test's timeout is the bound) until `done` holds. */
async function hasta(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
}

describe('/api/validar on a budget of its own: queue, time limit and per-user rate', () => {
  let t: TestApp;
  let admin: Session;
  let revisor: Session;
  let emisor: Session;
  let pool: ValidarPool;

  beforeAll(async () => {
    t = await createTestApp({
      // the issuing rules in their own worker, as outside tests: validar must not share it
      SUNAT_RULES_WORKERS: '1',
      VALIDAR_WORKERS: '1',
      VALIDAR_QUEUE: '3',
      VALIDAR_TIMEOUT_MS: String(TIMEOUT_MS),
      VALIDAR_RATE_MAX: '8',
      VALIDAR_RATE_WINDOW_SECONDS: '3600',
    });
    pool = t.app.get(ValidarPool);
    admin = await login(t);
    const revisora = await createEmpresa(t, admin);
    const emisora = await createEmpresa(t, admin);
    revisor = await createUserSession(t, admin, revisora.id_empresa, []);
    emisor = await createUserSession(t, admin, emisora.id_empresa, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const validar = (session: Session, xml: string, tipo = '01') =>
    request(t.http).post(`/api/validar/${tipo}`).set(bearer(session.token)).set('Content-Type', 'application/xml').send(xml);

  it('four maximal validations in flight and a fifth refused (503, Retry-After) while another company issues its boletas; each stopped at the time limit', async () => {
    await createVenta(t, emisor); // the issuing rules are loaded before the clock of this test matters
    const pesado = maximal();
    const orden: string[] = [];
    const validaciones = Array.from({ length: 4 }, () =>
      validar(revisor, pesado).then((res) => {
        orden.push('validar');
        return res;
      }),
    );
    await hasta(() => pool.ocupacion.admitidas === 4);

    const quinta = await validar(revisor, pesado).expect(503);
    expect(quinta.body).toEqual({ success: false, message: VALIDAR_OCUPADO });
    expect(Number(quinta.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const boletas: string[] = [];
    for (let i = 0; i < 5; i++) {
      boletas.push((await createVenta(t, emisor)).numero_completo);
      orden.push('boleta');
    }
    // every boleta was created and answered while validations were still pending
    expect(pool.ocupacion.admitidas).toBeGreaterThan(0);
    expect(new Set(boletas).size).toBe(5);

    const respuestas = await Promise.all(validaciones);
    expect(orden.at(-1)).toBe('validar');
    for (const res of respuestas) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: 'Los datos enviados no son válidos.', errors: { archivo: [validacionExcedida(TIMEOUT_MS)] } });
    }
    expect(pool.ocupacion).toEqual({ admitidas: 0, enEspera: 0 });
    // each stopped worker is replaced by one that loads every rule file before its next document: under ts-node on a
    // loaded machine that is most of the time this test takes
  }, 600_000);

  it('a worker stopped at the time limit is replaced: the next document gets its findings', async () => {
    const res = await validar(revisor, buildInvoiceXml(factura())).expect(200);
    expect(res.body).toMatchObject({ success: true, errores: expect.any(Array), observaciones: expect.any(Array) });
  }, 600_000);

  it('refuses a user past VALIDAR_RATE_MAX in the window with 429 and Retry-After, before reading the body; other users go on', async () => {
    const rapido = await createUserSession(t, admin, (await createEmpresa(t, admin)).id_empresa, []);
    for (let i = 0; i < 8; i++) await validar(rapido, '<x/>', '02').expect(422);
    const res = await validar(rapido, '<x/>', '02').expect(429);
    expect(res.body).toEqual({
      success: false,
      message: expect.stringMatching(/^Demasiadas validaciones de XML seguidas; intente nuevamente en \d+ segundos?\.$/),
    });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(3600);
    // counted before the body is read: an oversized body is still a 429, not a 413
    await validar(rapido, `<x>${'a'.repeat(VALIDAR_MAX_BYTES)}</x>`).expect(429);
    await validar(emisor, '<x/>', '02').expect(422);
  });

  it('413 past the size limit, raw body or multipart file', async () => {
    const grande = `<x>${'a'.repeat(VALIDAR_MAX_BYTES)}</x>`;
    expect((await validar(emisor, grande).expect(413)).body).toEqual({ success: false, message: 'El XML supera 2 MB.' });
    const multipart = await request(t.http).post('/api/validar/01').set(bearer(emisor.token)).attach('archivo', Buffer.from(grande), 'grande.xml').expect(413);
    expect(multipart.body).toEqual({ success: false, message: 'El XML supera 2 MB.' });
  });
});
