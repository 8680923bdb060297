import { performance } from 'node:perf_hooks';
import forge from 'node-forge';
import request from 'supertest';
import { CERTIFICADOS_OCUPADOS } from '../../src/empresas/certificado.service';
import { generateTestCertificate, type GeneratedCertificate } from '../../src/sunat/signing/certificates/generate-test-certificate';
import { MAX_KDF_ITERATIONS } from '../../src/sunat/signing/certificates/kdf-cost';
import {
  nestedSequences,
  pfxWithCount,
  raiseCounts,
  withLongLengthForm,
  withMacSalt,
  withOverlongLength,
  withTrailingElement,
} from '../../src/sunat/signing/testing/hostile-pkcs12';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa } from '../support/factories';

const STRUCTURE = 'No se pudo leer el certificado: su estructura no se puede revisar antes de derivar la clave: ';
/** Above the cap: a checker that gave up on the structure would let forge derive it. */
const HIDDEN_COUNT = 400_000;

/**
 * Key derivation of uploaded certificates: a structure the cost check cannot read completely is refused with the
 * reason before anything is derived, and derivations within the caps run off the event loop.
 */
describe('Certificate uploads: key derivation is checked before it runs, and runs off the event loop', () => {
  let t: TestApp;
  let admin: Session;
  let empresa: { id_empresa: number; ruc: string };
  let cert: GeneratedCertificate;
  let pfx: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresa = await createEmpresa(t, admin);
    cert = await generateTestCertificate({ ruc: empresa.ruc, razonSocial: 'EMPRESA DE PRUEBA S.A.C.' });
    // 32768 as every salt+count pair writes it (02 03 00 80 00), so raiseCounts finds them
    pfx = pfxWithCount(cert, 'clave-pfx', 32768);
  });
  afterAll(() => t.close());

  const upload = (file: Buffer, password = 'clave-pfx') =>
    request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}/certificado`)
      .set(bearer(admin.token))
      .field('password', password)
      .attach('certificado', file, 'firma.pfx');

  const manyNulls = (n: number) =>
    forge.asn1.create(
      forge.asn1.Class.UNIVERSAL,
      forge.asn1.Type.SEQUENCE,
      true,
      Array.from({ length: n }, () => forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.NULL, false, '')),
    );

  it.each([
    [
      'nesting deeper than 24 levels',
      () => withTrailingElement(raiseCounts(pfx, HIDDEN_COUNT), nestedSequences(40)),
      `${STRUCTURE}tiene más de 24 niveles de anidación.`,
    ],
    [
      'more than 20,000 elements',
      () => withTrailingElement(raiseCounts(pfx, HIDDEN_COUNT), manyNulls(25_000)),
      /^No se pudo leer el certificado: su estructura no se puede revisar antes de derivar la clave: tiene más de 20.000 elementos\.$/,
    ],
    [
      'a length beyond the end of the file',
      () => withOverlongLength(raiseCounts(pfx, HIDDEN_COUNT), 10),
      /^No se pudo leer el certificado: su estructura no se puede revisar antes de derivar la clave: el elemento del byte 0 declara [\d.,]+ bytes y no caben en lo que lo contiene\.$/,
    ],
    ['a length written in 5 bytes', () => withLongLengthForm(raiseCounts(pfx, HIDDEN_COUNT), 5), `${STRUCTURE}una longitud de 5 bytes en el byte 0.`],
    [
      'bytes after the structure',
      () => Buffer.concat([raiseCounts(pfx, HIDDEN_COUNT), Buffer.from([0x30, 0x00])]),
      `${STRUCTURE}hay 2 bytes después de la estructura.`,
    ],
    [
      'DER nested in the MAC salt (30,000 elements)',
      () => withMacSalt(pfx, Buffer.from(forge.asn1.toDer(manyNulls(30_000)).getBytes(), 'binary')),
      /^No se pudo leer el certificado: la sal de una derivación de clave mide [\d.,]+ bytes \(máximo 64; byte [\d.,]+\)\.$/,
    ],
  ])('a PKCS#12 with %s is a 422 naming the reason, before any derivation; nothing is stored', async (_label, make, reason) => {
    const res = await upload(make()).expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['certificado']);
    if (typeof reason === 'string') expect(res.body.errors.certificado).toEqual([reason]);
    else expect(res.body.errors.certificado[0]).toMatch(reason);
    const [row] = await t.dataSource.query('SELECT certificado_cifrado FROM empresas WHERE id_empresa = $1', [empresa.id_empresa]);
    expect(row.certificado_cifrado).toBeNull();
  });

  it('ten uploads at the iteration cap at once are all read, and /api/health answers each time in under 1 s meanwhile', async () => {
    const atCap = pfxWithCount(cert, 'clave-tope', MAX_KDF_ITERATIONS);
    // one upload first, as a running service has had: the worker thread is started and the paths are warm
    await upload(atCap, 'clave-tope').expect(201);
    await request(t.http).get('/api/health').expect(200);
    let pending = 10;
    const uploads = Array.from({ length: 10 }, () =>
      upload(atCap, 'clave-tope')
        .then((r) => r)
        .finally(() => pending--),
    );
    const healthMs: number[] = [];
    while (pending > 0) {
      const started = performance.now();
      const health = await request(t.http).get('/api/health');
      healthMs.push(performance.now() - started);
      expect(health.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    const answers = await Promise.all(uploads);
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(answers[0].body.data.subject).toContain(empresa.ruc);
    // reading ten such files takes seconds even on an idle machine: health was asked many times meanwhile
    expect(healthMs.length).toBeGreaterThanOrEqual(5);
    // on the event loop each upload held it for over a second; a loaded 2-core machine still answers well within 1 s
    expect(Math.max(...healthMs)).toBeLessThan(1000);
    // eleven reads of a second or more of CPU each, one at a time, on a machine that may be busy: a longer timeout
  }, 300_000);
});

describe('Certificate uploads: at most CERT_READ_WORKERS read at once, CERT_READ_QUEUE more wait', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp({ CERT_READ_WORKERS: '1', CERT_READ_QUEUE: '0' });
    admin = await login(t);
  });
  afterAll(() => t.close());

  it('an upload beyond the worker and the queue is a 503 with Retry-After; the one being read is answered', async () => {
    const empresa = await createEmpresa(t, admin);
    const cert = await generateTestCertificate({ ruc: empresa.ruc });
    const atCap = pfxWithCount(cert, 'clave', MAX_KDF_ITERATIONS);
    const send = () =>
      request(t.http)
        .post(`/api/empresas/${empresa.id_empresa}/certificado`)
        .set(bearer(admin.token))
        .field('password', 'clave')
        .attach('certificado', atCap, 'firma.pfx');
    const answers = await Promise.all([send(), send()]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 503]);
    const busy = answers.find((r) => r.status === 503)!;
    expect(busy.body).toEqual({ success: false, message: CERTIFICADOS_OCUPADOS });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the worker is free again: the next upload is read
    await send().expect(201);
  }, 300_000);
});
