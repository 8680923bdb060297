import request from 'supertest';
import { inicioDelDiaLima } from '../../src/common/fecha';
import { guiaPrivada } from '../../src/guias-remision/testing/guia-bodies';
import { TIPOS_ENVIO } from '../../src/sunat/nest/envios/envio-tipos';
import { bearer, login, Session } from '../support/auth';
import { boletasCopiadas } from '../support/boletas-copiadas';
import { createEmpresa, createFactura, createFacturaAceptada, createUserSession, createVenta } from '../support/factories';
import { dentroDe } from '../support/fechas';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(180_000);

type Json = Record<string, any>;
const VENTAS = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete'];
const HORA = 3_600_000;
const sinCola = () => Object.fromEntries(TIPOS_ENVIO.map((tipo) => [tipo, 0]));

/** GET /api/sunat/estado: SUNAT's services, the company's send queue, and the deadlines ending within 24 hours. */
describe('SUNAT status of the active company (GET /api/sunat/estado)', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let empresaA: number;
  let empresaB: number;
  let a: Session;
  let b: Session;

  beforeAll(async () => {
    // the automatic sender stays off: the rows this test writes in envios_sunat are read, never sent
    t = await createTestAppWithSunat({ AUTOSEND_WORKER: 'false' });
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    empresaB = (await createEmpresa(t, admin)).id_empresa;
    a = await createUserSession(t, admin, empresaA, VENTAS);
    b = await createUserSession(t, admin, empresaB, VENTAS);
  });
  afterAll(() => t.close());

  const estado = async (s: Session): Promise<Json> => {
    const res = await request(t.http).get('/api/sunat/estado').set(bearer(s.token));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data;
  };
  const encolar = async (
    empresaId: number,
    fila: { tipo: string; id_documento: number; estado: string; creado_en: string; intentos?: number; ultimo_error?: string },
  ) => {
    await t.dataSource.query(
      `INSERT INTO envios_sunat (id_empresa, tipo, id_documento, servicio, estado, intentos, ultimo_error, creado_en)
       VALUES ($1, $2, $3, 'soap', $4, $5, $6, $7)`,
      [empresaId, fila.tipo, fila.id_documento, fila.estado, fila.intentos ?? 0, fila.ultimo_error ?? null, fila.creado_en],
    );
  };

  it('401 without a token, 403 without ventas.view', async () => {
    const anon = await request(t.http).get('/api/sunat/estado');
    expect({ status: anon.status, body: anon.body }).toEqual({ status: 401, body: { success: false, message: 'No autenticado' } });
    const ajeno = await createUserSession(t, admin, empresaA, ['clientes.view']);
    const res = await request(t.http).get('/api/sunat/estado').set(bearer(ajeno.token));
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { success: false, message: 'No tienes permiso para realizar esta acción' } });
    const lector = await createUserSession(t, admin, empresaA, ['ventas.view']);
    expect((await estado(lector)).servicios).toHaveLength(2);
  });

  it('a new company: both services available, nothing waiting, nothing failed, nothing about to expire', async () => {
    const nueva = await createUserSession(t, admin, (await createEmpresa(t, admin)).id_empresa, ['ventas.view']);
    const antes = Date.now();
    const data = await estado(nueva);
    expect(data).toEqual({
      servicios: [
        { servicio: 'soap', disponible: true, caido_desde: null, ultimo_error: null },
        { servicio: 'gre', disponible: true, caido_desde: null, ultimo_error: null },
      ],
      en_espera: { total: 0, por_tipo: sinCola(), mas_antiguo: null },
      fallidos: 0,
      por_vencer: { total: 0, documentos: [] },
      generado_en: expect.any(String),
    });
    expect(Date.parse(data.generado_en)).toBeGreaterThanOrEqual(antes - 1000);
  });

  it('a service down shows since when and why (without secrets or another company data); back up it is available again', async () => {
    const caido = '2025-03-13T19:42:05.120Z';
    await t.dataSource.query(`INSERT INTO servicios_sunat (servicio, caido_desde, ultimo_error) VALUES ('soap', $1, $2)`, [
      caido,
      'No se pudo comunicar con SUNAT: El CDR recibido es de otro comprobante F001-77 (receptor 6-20100066603) https://usuario:clave@sunat.test/x',
    ]);
    for (const s of [a, b]) {
      const [soap, gre] = (await estado(s)).servicios;
      expect(gre).toEqual({ servicio: 'gre', disponible: true, caido_desde: null, ultimo_error: null });
      expect(soap).toMatchObject({ servicio: 'soap', disponible: false, caido_desde: caido });
      expect(soap.ultimo_error).toMatch(/^No se pudo comunicar con SUNAT: El CDR recibido es de otro comprobante/);
      for (const ajeno of ['F001-77', '20100066603', 'usuario:clave']) expect(soap.ultimo_error).not.toContain(ajeno);
    }
    await t.dataSource.query(`UPDATE servicios_sunat SET caido_desde = NULL, actualizado_en = now() WHERE servicio = 'soap'`);
    expect((await estado(a)).servicios[0]).toEqual({ servicio: 'soap', disponible: true, caido_desde: null, ultimo_error: null });
  });

  it("two companies never see each other's waiting or failed documents; the oldest waiting one is the company's own", async () => {
    // B's row is the oldest of all: A must not see it
    await encolar(empresaB, {
      tipo: 'venta',
      id_documento: 900_001,
      estado: 'pendiente',
      creado_en: '2025-01-01T10:00:00Z',
      intentos: 5,
      ultimo_error: 'de B',
    });
    await encolar(empresaB, { tipo: 'venta', id_documento: 900_002, estado: 'fallido', creado_en: '2025-01-01T10:00:00Z' });
    await encolar(empresaB, { tipo: 'venta', id_documento: 900_003, estado: 'fallido', creado_en: '2025-01-01T10:00:00Z' });
    await encolar(empresaA, { tipo: 'venta', id_documento: 900_010, estado: 'pendiente', creado_en: '2025-02-01T10:00:00Z' });
    await encolar(empresaA, {
      tipo: 'venta',
      id_documento: 900_011,
      estado: 'enviando',
      creado_en: '2025-01-15T08:30:00Z',
      intentos: 3,
      ultimo_error: '0109 - El sistema no puede responder su solicitud. token=abc123',
    });
    await encolar(empresaA, { tipo: 'guia', id_documento: 900_012, estado: 'pendiente', creado_en: '2025-02-02T10:00:00Z' });
    await encolar(empresaA, { tipo: 'venta', id_documento: 900_013, estado: 'hecho', creado_en: '2024-12-01T10:00:00Z' });
    await encolar(empresaA, { tipo: 'venta', id_documento: 900_014, estado: 'fallido', creado_en: '2024-12-01T10:00:00Z' });

    const deA = await estado(a);
    expect(deA.en_espera).toEqual({
      total: 3,
      por_tipo: { ...sinCola(), venta: 2, guia: 1 },
      mas_antiguo: {
        tipo: 'venta',
        id_documento: 900_011,
        desde: '2025-01-15T08:30:00.000Z',
        intentos: 3,
        ultimo_error: '0109 - El sistema no puede responder su solicitud. token=[oculto]',
      },
    });
    expect(deA.fallidos).toBe(1);
    const deB = await estado(b);
    expect(deB.en_espera).toEqual({
      total: 1,
      por_tipo: { ...sinCola(), venta: 1 },
      mas_antiguo: { tipo: 'venta', id_documento: 900_001, desde: '2025-01-01T10:00:00.000Z', intentos: 5, ultimo_error: 'de B' },
    });
    expect(deB.fallidos).toBe(2);
  });

  it('por_vencer: what SUNAT does not have and must reach it within 24 hours; accepted, annulled, later or expired documents are not', async () => {
    expect((await estado(a)).por_vencer).toEqual({ total: 0, documentos: [] });
    const motivosNc = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(a.token))).body.data;
    const motivosNd = (await request(t.http).get('/api/notas-debito/motivos').set(bearer(a.token))).body.data;
    const motivo = (lista: Json[], codigo: string) => lista.find((m) => m.codigo_sunat === codigo)?.id as number;
    const nota = async (tipo: 'notas-credito' | 'notas-debito', body: object, fecha: string) => {
      const res = await request(t.http).post(`/api/${tipo}`).set(bearer(a.token)).send(body);
      if (res.status !== 201) throw new Error(`${tipo}: ${res.status} ${JSON.stringify(res.body)}`);
      await t.dataSource.query(`UPDATE ${tipo.replace('-', '_')} SET fecha_emision = $2 WHERE id = $1`, [res.body.data.id, fecha]);
      return res.body.data as { id: number; numero_completo: string };
    };

    // facturas: the third day after issue is their last
    const factura3 = await createFactura(t, a, { fecha_emision: dentroDe(-3) });
    const factura2 = await createFactura(t, a, { fecha_emision: dentroDe(-2) });
    const aceptada3 = await createFacturaAceptada(t, a, { fecha_emision: dentroDe(-3) });
    const anulada3 = await createFactura(t, a, { fecha_emision: dentroDe(-3) });
    await request(t.http).post(`/api/ventas/${anulada3.id_venta}/anular`).set(bearer(a.token)).expect(200);
    const vencida = await createFactura(t, a, { fecha_emision: dentroDe(-3) });
    await t.dataSource.query(`UPDATE ventas SET fecha_emision = $2 WHERE id_venta = $1`, [vencida.id_venta, dentroDe(-4)]);
    // boletas: the seventh
    const boleta7 = await createVenta(t, a, { fecha_emision: dentroDe(-7) });
    await createVenta(t, a, { fecha_emision: dentroDe(-6) });
    // notes follow the sale they amend: a factura's 3 days, a boleta's 7
    const ncFactura = await nota('notas-credito', { id_venta: aceptada3.id_venta, motivo_id: motivo(motivosNc, '01') }, dentroDe(-3));
    const ndFactura = await nota('notas-debito', { id_venta: aceptada3.id_venta, motivo_id: motivo(motivosNd, '01'), monto_total: 10 }, dentroDe(-3));
    const boletaDeNota = await createVenta(t, a, { fecha_emision: dentroDe(-7) });
    await nota('notas-credito', { id_venta: boletaDeNota.id_venta, motivo_id: motivo(motivosNc, '01') }, dentroDe(-3));
    // guides: their transfer day is their last
    const crearGuia = async (fecha: string) =>
      (
        await request(t.http)
          .post('/api/guias-remision')
          .set(bearer(a.token))
          .send(guiaPrivada({ fecha_traslado: fecha }))
          .expect(201)
      ).body.data;
    const guiaHoy = await crearGuia(dentroDe(0));
    await crearGuia(dentroDe(1));
    const guiaEnviada = await crearGuia(dentroDe(0));
    const envio = await request(t.http).post(`/api/guias-remision/${guiaEnviada.id}/enviar`).set(bearer(a.token));
    expect({ status: envio.status, success: envio.body.success }).toEqual({ status: 200, success: true });
    // another company's factura in the window
    const deB = await createFactura(t, b, { fecha_emision: dentroDe(-3) });

    const data = await estado(a);
    const finDeHoy = inicioDelDiaLima(dentroDe(1)).toISOString();
    const esperados = [
      { tipo: 'boleta', id: boleta7.id_venta, numero_completo: boleta7.numero_completo, fecha_emision: dentroDe(-7) },
      { tipo: 'boleta', id: boletaDeNota.id_venta, numero_completo: boletaDeNota.numero_completo, fecha_emision: dentroDe(-7) },
      { tipo: 'factura', id: factura3.id_venta, numero_completo: factura3.numero_completo, fecha_emision: dentroDe(-3) },
      { tipo: 'guia', id: guiaHoy.id, numero_completo: guiaHoy.numero_completo, fecha_emision: guiaHoy.fecha_emision },
      { tipo: 'nota_credito', id: ncFactura.id, numero_completo: ncFactura.numero_completo, fecha_emision: dentroDe(-3) },
      { tipo: 'nota_debito', id: ndFactura.id, numero_completo: ndFactura.numero_completo, fecha_emision: dentroDe(-3) },
    ].map((d) => ({ ...d, vence: finDeHoy }));
    expect(data.por_vencer).toEqual({ total: esperados.length, documentos: esperados });
    // every deadline listed ends inside (generado_en, generado_en + 24 h]; factura2's ends the next midnight, past it
    const generado = Date.parse(data.generado_en);
    for (const d of data.por_vencer.documentos) {
      expect(Date.parse(d.vence)).toBeGreaterThan(generado);
      expect(Date.parse(d.vence)).toBeLessThanOrEqual(generado + 24 * HORA);
    }
    expect(Date.parse(inicioDelDiaLima(dentroDe(2)).toISOString())).toBeGreaterThan(generado + 24 * HORA);
    expect(data.por_vencer.documentos.map((d: Json) => d.id)).not.toContain(factura2.id_venta);

    const deLaOtra = (await estado(b)).por_vencer;
    expect(deLaOtra).toEqual({
      total: 1,
      documentos: [{ tipo: 'factura', id: deB.id_venta, numero_completo: deB.numero_completo, fecha_emision: dentroDe(-3), vence: finDeHoy }],
    });
  });

  it('por_vencer lists at most 100 documents and counts them all', async () => {
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    const s = await createUserSession(t, admin, empresa, VENTAS);
    const ids = await boletasCopiadas(t, s, 104);
    await t.dataSource.query(`UPDATE ventas SET fecha_emision = $2 WHERE id_venta = ANY($1)`, [ids, dentroDe(-7)]);
    const { por_vencer } = await estado(s);
    expect(por_vencer.total).toBe(105);
    expect(por_vencer.documentos).toHaveLength(100);
    expect(por_vencer.documentos.map((d: Json) => d.id)).toEqual([...ids].sort((x, y) => x - y).slice(0, 100));
  });
});
