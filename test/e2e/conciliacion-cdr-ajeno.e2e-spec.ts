import request from 'supertest';
import { MSG_CDR_AJENO } from '../../src/sunat/nest/bill-verdict';
import { VentaEnvioService } from '../../src/ventas/venta-envio.service';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/**
 * Issue 20: reconciliation takes a CDR only when it is about the document sent. In SUNAT's beta every company files
 * as 20000000001, so two companies' F001-n are the same serie-número for SUNAT: the second one's send gets 1033 and
 * getStatusCdr answers with the first company's CDR. Its ID matches; its hash (and customer) do not: the sale is
 * flagged, never accepted.
 */
describe('Reconciliation with the CDR of another document (beta: another company, same serie-número)', () => {
  let t: TestAppWithSunat;
  let a: Session;
  let b: Session;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    const perms = ['ventas.view', 'ventas.create', 'ventas.edit'];
    a = await createUserSession(t, admin, (await createEmpresa(t, admin)).id_empresa, perms);
    b = await createUserSession(t, admin, (await createEmpresa(t, admin)).id_empresa, perms);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  const enviar = (session: Session, id: number) => request(t.http).post(`/api/ventas/${id}/enviar`).set(bearer(session.token));
  const venta = async (id: number) =>
    (await t.dataSource.query('SELECT estado_sunat, codigo_sunat, mensaje_sunat, cdr_url, enviando_desde FROM ventas WHERE id_venta = $1', [id]))[0] as {
      estado_sunat: string;
      codigo_sunat: string | null;
      mensaje_sunat: string | null;
      cdr_url: string | null;
      enviando_desde: Date | null;
    };
  /** An invoice of company A accepted by SUNAT, and company B's invoice with the same serie-número (not sent). */
  async function sameNumber() {
    const mine = await createFactura(t, a);
    expect((await enviar(a, mine.id_venta)).body).toMatchObject({ success: true, codigo: '0' });
    let theirs = await createFactura(t, b);
    while (theirs.numero < mine.numero) theirs = await createFactura(t, b);
    expect(`${theirs.serie}-${theirs.numero}`).toBe(`${mine.serie}-${mine.numero}`);
    return { mine, theirs };
  }

  it('start-up reconciliation of a send a crash cut off: the other company CDR is not taken, the sale is flagged and free', async () => {
    const { theirs } = await sameNumber();
    // B's send was cut off by a crash after it left (the claim is older than a send can take)
    await t.dataSource.query(`UPDATE ventas SET enviando_desde = now() - interval '1 hour' WHERE id_venta = $1`, [theirs.id_venta]);
    const cdrQueries = () => t.sunat.state.requests.filter((r) => r.operation === 'getStatusCdr').length;
    const before = cdrQueries();
    await t.app.get(VentaEnvioService).reconciliarInterrumpidas();
    expect(cdrQueries() - before).toBe(1);
    const row = await venta(theirs.id_venta);
    expect(row).toEqual({ estado_sunat: '0', codigo_sunat: null, mensaje_sunat: expect.stringContaining(MSG_CDR_AJENO), cdr_url: null, enviando_desde: null });
    expect(row.mensaje_sunat).toMatch(/hash/);
    const shown = await request(t.http).get(`/api/ventas/${theirs.id_venta}`).set(bearer(b.token)).expect(200);
    expect(shown.body.data).toMatchObject({ estado_sunat: '0', mensaje_sunat: expect.stringContaining(MSG_CDR_AJENO) });
    expect((await request(t.http).get(`/api/ventas/${theirs.id_venta}/cdr`).set(bearer(b.token))).status).toBe(404);
  });

  it("a live send answered 1033 whose getStatusCdr brings the other company's CDR: 502, flagged, not accepted", async () => {
    const { theirs } = await sameNumber();
    const res = await enviar(b, theirs.id_venta);
    expect({ status: res.status, success: res.body.success }).toEqual({ status: 502, success: false });
    expect(await venta(theirs.id_venta)).toMatchObject({
      estado_sunat: '0',
      codigo_sunat: null,
      cdr_url: null,
      enviando_desde: null,
      mensaje_sunat: expect.stringContaining(MSG_CDR_AJENO),
    });
  });
});
