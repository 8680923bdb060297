import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { guiaM1L, guiaPrivada, guiaPublica, without } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

/** POST /api/guias-remision: every rule of SPEC's create body, each failing field named in a 422. */
describe('Guías de remisión: validation of the create body', () => {
  let t: TestApp;
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const post = (body: Record<string, unknown>) => request(t.http).post('/api/guias-remision').set(bearer(user.token)).send(body);

  async function expectInvalid(body: Record<string, unknown>, fields: string[]) {
    const res = await post(body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, message: 'Los datos enviados no son válidos.' });
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    return res.body.errors as Record<string, string[]>;
  }

  it.each([
    'destinatario_tipo_doc',
    'destinatario_documento',
    'destinatario_nombre',
    'destinatario_direccion',
    'motivo_traslado',
    'mod_transporte',
    'fecha_traslado',
    'peso_total',
    'detalles',
  ])('requires %s', async (field) => {
    await expectInvalid(without(guiaPublica(), field), [field]);
  });

  it.each([
    ['destinatario_documento', 15],
    ['destinatario_nombre', 255],
    ['destinatario_direccion', 500],
    ['transportista_documento', 15],
    ['transportista_nombre', 255],
  ])('caps %s at %i characters (public transport)', async (field, max) => {
    // At the cap the body passes validation; SUNAT's own rules may still refuse the made-up value (errors.xml).
    const atMax = await post(guiaPublica({ [field]: 'X'.repeat(max) }));
    expect(atMax.status === 201 ? [] : Object.keys(atMax.body.errors)).not.toContain(field);
    await expectInvalid(guiaPublica({ [field]: 'X'.repeat(max + 1) }), [field]);
  });

  it.each([
    ['conductor_documento', 15],
    ['conductor_nombres', 255],
    ['vehiculo_placa', 10],
  ])('caps %s at %i characters (private transport)', async (field, max) => {
    // At the cap the body passes validation; SUNAT's own rules may still refuse the made-up value (errors.xml).
    const atMax = await post(guiaPrivada({ [field]: 'A'.repeat(max) }));
    expect(atMax.status === 201 ? [] : Object.keys(atMax.body.errors)).not.toContain(field);
    await expectInvalid(guiaPrivada({ [field]: 'A'.repeat(max + 1) }), [field]);
  });

  it('caps motivo_traslado at 2 characters and accepts only catalog codes', async () => {
    await expectInvalid(guiaPublica({ motivo_traslado: '011' }), ['motivo_traslado']);
    await expectInvalid(guiaPublica({ motivo_traslado: '10' }), ['motivo_traslado']);
  });

  it('checks the enumerations and the date', async () => {
    await expectInvalid(guiaPublica({ destinatario_tipo_doc: '5' }), ['destinatario_tipo_doc']);
    await expectInvalid(guiaPublica({ mod_transporte: '03' }), ['mod_transporte']);
    await expectInvalid(guiaPublica({ fecha_traslado: '2024-02-30' }), ['fecha_traslado']);
    await expectInvalid(guiaPublica({ fecha_traslado: '15/01/2030' }), ['fecha_traslado']);
    const errors = await expectInvalid(guiaPublica({ fecha_traslado: '2020-01-01' }), ['fecha_traslado']);
    expect(errors.fecha_traslado.join()).toMatch(/anterior a la fecha de emisión/);
    expect((await post(guiaPublica({ fecha_traslado: hoyLima() }))).status).toBe(201);
  });

  it('enforces min 0.001 on peso_total and detalles[].cantidad', async () => {
    expect((await post(guiaPublica({ peso_total: 0.001, detalles: [{ descripcion: 'X', cantidad: 0.001 }] }))).status).toBe(201);
    await expectInvalid(guiaPublica({ peso_total: 0 }), ['peso_total']);
    await expectInvalid(guiaPublica({ peso_total: -1 }), ['peso_total']);
    await expectInvalid(guiaPublica({ peso_total: '12' }), ['peso_total']);
    await expectInvalid(guiaPublica({ detalles: [{ descripcion: 'X', cantidad: 0 }] }), ['detalles.0.cantidad']);
  });

  it('requires at least one line, each with descripcion and cantidad', async () => {
    await expectInvalid(guiaPublica({ detalles: [] }), ['detalles']);
    await expectInvalid(guiaPublica({ detalles: [{ cantidad: 1 }, { descripcion: 'Y' }] }), ['detalles.0.descripcion', 'detalles.1.cantidad']);
  });

  it("requires the carrier's document and name for public transport ('01')", async () => {
    const errors = await expectInvalid(without(guiaPublica(), 'transportista_documento', 'transportista_nombre'), [
      'transportista_documento',
      'transportista_nombre',
    ]);
    expect(errors.transportista_documento).toEqual(["transportista_documento es obligatorio cuando mod_transporte es '01'"]);
    await expectInvalid(guiaPublica({ transportista_documento: '  ' }), ['transportista_documento']);
  });

  it('does not require driver or vehicle for public transport, nor a carrier for private transport', async () => {
    expect((await post(guiaPublica())).status).toBe(201);
    expect((await post(without(guiaPrivada(), 'transportista_documento'))).status).toBe(201);
  });

  it("requires driver document, names and plate for private transport ('02')", async () => {
    const errors = await expectInvalid(without(guiaPrivada(), 'conductor_documento', 'conductor_nombres', 'vehiculo_placa'), [
      'conductor_documento',
      'conductor_nombres',
      'vehiculo_placa',
    ]);
    expect(errors.vehiculo_placa).toEqual(["vehiculo_placa es obligatorio cuando mod_transporte es '02' y vehiculo_m1l no es true"]);
    await expectInvalid(guiaPrivada({ vehiculo_m1l: false, conductor_nombres: '' }), ['conductor_nombres']);
  });

  it('makes driver and vehicle optional for an M1/L vehicle, still checking what is sent', async () => {
    expect((await post(guiaM1L())).status).toBe(201);
    await expectInvalid(guiaM1L({ vehiculo_placa: 'X'.repeat(11) }), ['vehiculo_placa']);
    // Only the boolean true counts: the string 'true' is refused and the driver rules stay on.
    await expectInvalid(guiaM1L({ vehiculo_m1l: 'true' }), ['vehiculo_m1l', 'conductor_documento', 'conductor_nombres', 'vehiculo_placa']);
  });

  it('rejects unknown fields and never stores them', async () => {
    await expectInvalid(guiaPublica({ estado: 'aceptado' }), ['estado']);
    await expectInvalid(guiaPublica({ detalles: [{ descripcion: 'X', cantidad: 1, precio: 3 }] }), ['detalles.0.precio']);
  });

  it('accepts only known ubigeo codes', async () => {
    await expectInvalid(guiaPublica({ ubigeo_partida: '999999', destinatario_ubigeo: '15010' }), ['ubigeo_partida', 'destinatario_ubigeo']);
  });

  it('names every failing field of one body at once', async () => {
    await expectInvalid({ mod_transporte: '02', detalles: [{}] }, [
      'destinatario_tipo_doc',
      'destinatario_documento',
      'destinatario_nombre',
      'destinatario_direccion',
      'motivo_traslado',
      'fecha_traslado',
      'peso_total',
      'conductor_documento',
      'conductor_nombres',
      'vehiculo_placa',
      'detalles.0.descripcion',
      'detalles.0.cantidad',
    ]);
  });

  it("checks that id_venta and detalles[].id_producto are the company's own", async () => {
    const venta = await post(guiaPublica({ id_venta: 999999 }));
    expect(venta.status).toBe(422);
    expect(venta.body.errors).toEqual({ id_venta: ['La venta no existe.'] });
    const producto = await post(
      guiaPublica({
        detalles: [
          { descripcion: 'X', cantidad: 1 },
          { id_producto: 999999, descripcion: 'Y', cantidad: 1 },
        ],
      }),
    );
    expect(producto.status).toBe(422);
    expect(producto.body.errors).toEqual({ 'detalles.1.id_producto': ['El producto no existe.'] });
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM guias_remision WHERE id_empresa = $1 AND id_venta IS NOT NULL`, [
      empresaId,
    ]);
    expect(count).toBe(0);
  });
});
