import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DocumentStorage } from '../../src/sunat/storage/document-storage';
import { S3DocumentStorage } from '../../src/sunat/storage/s3-document-storage';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';
import { startS3Server, TestS3Server } from '../support/s3-server';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

const BETA_RUC = '20000000001';

/**
 * Issue 20: STORAGE_DRIVER=s3 against a real S3-compatible server (s3rver over HTTP, started here): a factura
 * created, sent to the simulator and downloaded through the API lives in the bucket, nowhere else.
 */
describe('Document storage in an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let t: TestAppWithSunat;
  let user: Session;
  let storageDir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    // A folder of its own, to show that nothing lands on local disk.
    storageDir = mkdtempSync(join(tmpdir(), 'storage-s3-e2e-'));
    t = await createTestAppWithSunat({ ...s3.env, STORAGE_S3_PREFIX: 'facturacion/test', STORAGE_DIR: storageDir });
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create', 'ventas.edit']);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const binary = (req: request.Test) =>
    req.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

  it('the service runs on the S3 driver', () => {
    expect(t.app.get(DocumentStorage)).toBeInstanceOf(S3DocumentStorage);
  });

  it('a factura created, sent and downloaded: XML and CDR are objects of the bucket, none in archivos or on disk', async () => {
    const f = await createFactura(t, user);
    const name = `${BETA_RUC}-01-${f.serie}-${f.numero}`;
    const sent = await request(t.http).post(`/api/ventas/${f.id_venta}/enviar`).set(bearer(user.token));
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, codigo: '0' });

    const xml = await binary(request(t.http).get(`/api/ventas/${f.id_venta}/xml`).set(bearer(user.token)));
    expect(xml.status).toBe(200);
    const xmlText = (xml.body as Buffer).toString('utf8');
    expect(xmlText).toContain(`<cbc:ID>${f.serie}-${f.numero}</cbc:ID>`);
    expect(xmlText).toContain('<ds:SignatureValue>');
    const cdr = await binary(request(t.http).get(`/api/ventas/${f.id_venta}/cdr`).set(bearer(user.token)));
    expect(cdr.status).toBe(200);
    expect(cdr.headers['content-type']).toBe('application/zip');
    expect((cdr.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');

    const keys = await s3.listKeys();
    const xmlKey = keys.find((k) => k.endsWith(`/xml/${name}.xml`));
    const cdrKey = keys.find((k) => k.endsWith(`/cdr/R-${name}.zip`));
    expect(xmlKey).toMatch(/^facturacion\/test\/empresa-\d+\/xml\//);
    expect(cdrKey).toMatch(/^facturacion\/test\/empresa-\d+\/cdr\//);
    // What the API served is what the bucket holds, byte for byte.
    expect((await s3.getObject(xmlKey!)).equals(xml.body as Buffer)).toBe(true);
    expect((await s3.getObject(cdrKey!)).equals(cdr.body as Buffer)).toBe(true);

    expect(await t.dataSource.query('SELECT clave FROM archivos')).toEqual([]);
    expect(readdirSync(storageDir)).toEqual([]);
  });

  it('a document missing from the bucket is a 404 through the API, not a 500', async () => {
    const f = await createFactura(t, user);
    const name = `${BETA_RUC}-01-${f.serie}-${f.numero}`;
    const key = (await s3.listKeys()).find((k) => k.endsWith(`/xml/${name}.xml`));
    expect(key).toBeDefined();
    await t.app.get(DocumentStorage).delete(key!.replace(/^facturacion\/test\//, ''));
    expect(await s3.listKeys()).not.toContain(key);
    const xml = await request(t.http).get(`/api/ventas/${f.id_venta}/xml`).set(bearer(user.token));
    expect(xml.status).toBe(404);
  });

  it('the readiness check probes the bucket: up while it answers, down (503) once it is gone', async () => {
    const up = await request(t.http).get('/api/health/ready');
    expect(up.status).toBe(200);
    expect(up.body.info.storage).toEqual({ status: 'up' });
    await s3.close();
    const down = await request(t.http).get('/api/health/ready');
    expect(down.status).toBe(503);
    expect(down.body.error?.storage?.status ?? down.body.details?.storage?.status).toBe('down');
  });
});
