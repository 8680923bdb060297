import request from 'supertest';
import { texts } from '../../src/sunat/xml/testing/query';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFacturaAceptada, createProducto, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(180_000);

const VENTAS = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete', 'productos.create'];
// The company's ubigeo is not a district of catálogo 13: SUNAT's rules observe 4093 on every document it issues.
const OBS_4093 = [expect.stringMatching(/^4093 - /)];

/** Issue 16: SUNAT's observations (4000+) are kept for credit and debit notes, as for sales. */
describe.each([
  ['notas-credito', '01', {}],
  ['notas-debito', '02', { monto_total: 100 }],
])('/api/%s: observations kept and shown; no made-up product code', (recurso, codigoMotivo, extra) => {
  let t: TestAppWithSunat;
  let a: Session & { userId: number };
  let motivoId: number;
  const api = (path: string) => `/api/${recurso}${path}`;
  const sesion = async (empresa: number) => {
    const s = await createUserSession(t, await login(t), empresa, VENTAS);
    const motivos = (await request(t.http).get(api('/motivos')).set(bearer(s.token))).body.data as Array<{ id: number; codigo_sunat: string }>;
    motivoId = motivos.find((m) => m.codigo_sunat === codigoMotivo)!.id;
    return s;
  };
  const xmlDe = async (s: Session, nota: { nombre_xml: string }) =>
    (
      await request(t.http)
        .get(api(`/xml/${nota.nombre_xml}`))
        .set(bearer(s.token))
        .expect(200)
    ).text;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    a = await sesion((await createEmpresa(t, admin, { ubigeo: '999999' })).id_empresa);
  });
  afterAll(() => t.close());

  it('at create (the rules before SUNAT), in the detail, and after the send (the CDR notes, not repeated)', async () => {
    const f = await createFacturaAceptada(t, a);
    const created = await request(t.http)
      .post(api(''))
      .set(bearer(a.token))
      .send({ id_venta: f.id_venta, motivo_id: motivoId, ...extra })
      .expect(201);
    const nota = created.body.data;
    expect(nota.observaciones).toEqual(OBS_4093);
    const shown = await request(t.http)
      .get(api(`/${nota.id}`))
      .set(bearer(a.token))
      .expect(200);
    expect(shown.body.data.observaciones).toEqual(OBS_4093);

    const sent = await request(t.http)
      .post(api(`/${nota.id}/enviar`))
      .set(bearer(a.token))
      .expect(200);
    expect(sent.body).toMatchObject({ success: true, codigo: '0', observaciones: OBS_4093 });
    const after = await request(t.http)
      .get(api(`/${nota.id}`))
      .set(bearer(a.token))
      .expect(200);
    expect(after.body.data).toMatchObject({ estado: 'aceptado', observaciones: OBS_4093 });
  });

  it("lines without a known product code carry none (no 10000000, no 4337); a product's own code is kept", async () => {
    // The same company: a second beta company would file under the same beta RUC and numbers.
    const s = a;
    // A free-text line and a product left with SPEC's default code: neither has a code.
    const sinCodigo = await createProducto(t, s, { codigo_sunat: '10000000' });
    const conCodigo = await createProducto(t, s, { codigo_sunat: '43211503' });
    const f = await createFacturaAceptada(t, s, {
      productos: [
        { descripcion: 'SERVICIO', cantidad: 1, precio_unitario: 59 },
        { id_producto: sinCodigo.id_producto, cantidad: 1, precio_unitario: 118 },
        { id_producto: conCodigo.id_producto, cantidad: 1, precio_unitario: 236 },
      ],
      descontar_stock: false,
    });
    const res = await request(t.http)
      .post(api(''))
      .set(bearer(s.token))
      .send({ id_venta: f.id_venta, motivo_id: motivoId, ...extra })
      .expect(201);
    // SUNAT's rules ran on the note (the create's answer carries what they observe): the company's 4093 alone, no 4337.
    expect(res.body.data.observaciones).toEqual(OBS_4093);
    const xml = await xmlDe(s, res.body.data);
    expect(xml).not.toContain('10000000');
    const codigos = texts(xml, '//cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode');
    expect(codigos).toEqual(recurso === 'notas-credito' ? ['43211503'] : []);
  });
});
