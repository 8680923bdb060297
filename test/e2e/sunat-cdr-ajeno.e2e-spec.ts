import request from 'supertest';
import { DocumentStorage } from '../../src/sunat/storage/document-storage';
import { readCdrZip } from '../../src/sunat/cdr/cdr-reader';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(120_000);

const BETA_RUC = '20000000001';

/**
 * Issue 16: SUNAT's answer is taken only when its CDR is about the document sent. The simulator answers
 * sendBill and getStatusCdr with another document's CDR ('foreign-cdr'): the send is not answered.
 */
describe('Ventas: a CDR about another document is never taken as the answer', () => {
  let t: TestAppWithSunat;
  let empresaId: number;
  let user: Session;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.edit']);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  const enviar = (id: number) => request(t.http).post(`/api/ventas/${id}/enviar`).set(bearer(user.token));
  const venta = async (id: number) => (await request(t.http).get(`/api/ventas/${id}`).set(bearer(user.token))).body.data;
  const storedCdr = (numero: number) => t.app.get(DocumentStorage).get(`empresa-${empresaId}/cdr/R-${BETA_RUC}-01-F001-${numero}.zip`);
  const ops = () => t.sunat.state.requests.map((r) => r.operation);

  it('sendBill and its reconciliation answered with F001-(n+1): 502, the sale stays unsent, no CDR stored; a later send is accepted', async () => {
    const f = await createFactura(t, user);
    t.sunat.next([
      { operation: 'sendBill', action: 'foreign-cdr' },
      { operation: 'getStatusCdr', action: 'foreign-cdr' },
    ]);
    const before = ops().length;
    const res = await enviar(f.id_venta);
    expect({ status: res.status, success: res.body.success }).toEqual({ status: 502, success: false });
    // the foreign answer was treated as a lost one: reconciliation through getStatusCdr, no second sendBill
    expect(ops().slice(before)).toEqual(['sendBill', 'getStatusCdr']);
    expect(await venta(f.id_venta)).toMatchObject({ estado_sunat: '0', codigo_sunat: null, cdr_url: null });
    expect(await storedCdr(f.numero)).toBeNull();
    // SUNAT did register it: the next send gets its own CDR
    const again = await enviar(f.id_venta);
    expect({ status: again.status, success: again.body.success, codigo: again.body.codigo }).toEqual({ status: 200, success: true, codigo: '0' });
    expect(await venta(f.id_venta)).toMatchObject({ estado_sunat: '1', codigo_sunat: '0' });
    const cdr = await storedCdr(f.numero);
    expect(cdr && readCdrZip(cdr).cdr.documentId).toBe(`F001-${f.numero}`);
  });

  it('only sendBill answered with another CDR: the same send recovers the right one through getStatusCdr', async () => {
    const f = await createFactura(t, user);
    t.sunat.next({ operation: 'sendBill', action: 'foreign-cdr', reference: 'F001-99999999' });
    const res = await enviar(f.id_venta);
    expect({ status: res.status, success: res.body.success, mensaje: res.body.mensaje }).toEqual({
      status: 200,
      success: true,
      mensaje: expect.stringContaining(`F001-${f.numero}`),
    });
    const cdr = await storedCdr(f.numero);
    expect(cdr && readCdrZip(cdr).cdr.referenceId).toBe(`F001-${f.numero}`);
  });

  it("the embedded test simulator answers realistic CDRs (ISO-8859-1, SUNAT's default namespace)", async () => {
    const f = await createFactura(t, user);
    expect((await enviar(f.id_venta)).status).toBe(200);
    const { xml } = readCdrZip((await storedCdr(f.numero))!);
    expect(xml.subarray(0, 59).toString('latin1')).toBe('<?xml version="1.0" encoding="ISO-8859-1" standalone="no"?>');
    expect(xml.toString('latin1')).toMatch(/<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"/);
  });
});
