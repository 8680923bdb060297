import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createCliente, createEmpresa, createFactura, createProducto, createUserSession, createVenta, nextRuc } from '../support/factories';

jest.setTimeout(120_000);

const YA_ENVIADA = 'La venta ya fue enviada a SUNAT; use una nota de crédito o la comunicación de baja.';

describe('Ventas: edit, delete, local annulment and stock', () => {
  let t: TestApp;
  let admin: Session;
  let empresaId: number;
  let empresaB: number;
  let user: Session & { userId: number };
  let userB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    empresaB = (await createEmpresa(t, admin)).id_empresa;
    const perms = [
      'ventas.view',
      'ventas.create',
      'ventas.edit',
      'ventas.delete',
      'productos.create',
      'clientes.create',
      'cotizaciones.create',
      'cotizaciones.view',
    ];
    user = await createUserSession(t, admin, empresaId, perms);
    userB = await createUserSession(t, admin, empresaB, perms);
  });
  afterAll(() => t.close());

  const stockOf = async (id: number) => Number((await t.dataSource.query('SELECT stock FROM productos WHERE id_producto = $1', [id]))[0].stock);
  const movimientos = (id: number) =>
    t.dataSource.query('SELECT tipo, cantidad::text, stock_resultante::text, motivo, referencia FROM movimientos_stock WHERE id_producto = $1 ORDER BY id', [
      id,
    ]);
  const marcar = (id: number, estadoSunat: string) => t.dataSource.query('UPDATE ventas SET estado_sunat = $2 WHERE id_venta = $1', [id, estadoSunat]);
  const api = () => request(t.http);

  it('sale and local annulment move stock with exact quantities; a second annulment answers the annulled sale and moves nothing', async () => {
    const p = await createProducto(t, user, { unidad: 'KGM', precio: 4.2, stock: 10 });
    const v = await createVenta(t, user, { productos: [{ id_producto: p.id_producto, cantidad: 3.125 }] });
    expect(v.total).toBe(13.13); // 3.125 x 4.20 = 13.125 -> 13.13
    expect(await stockOf(p.id_producto)).toBe(6.875);

    const res = await api().post(`/api/ventas/${v.id_venta}/anular`).set(bearer(user.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Venta anulada correctamente.',
      data: { estado: '2', estado_sunat: '0', stock_descontado: false },
    });
    expect(await stockOf(p.id_producto)).toBe(10);
    expect(await movimientos(p.id_producto)).toEqual([
      expect.objectContaining({ tipo: 'ingreso', cantidad: '10.0000000000', stock_resultante: '10.0000000000' }),
      { tipo: 'salida', cantidad: '3.1250000000', stock_resultante: '6.8750000000', motivo: `Venta ${v.numero_completo}`, referencia: v.numero_completo },
      {
        tipo: 'ingreso',
        cantidad: '3.1250000000',
        stock_resultante: '10.0000000000',
        motivo: `Anulación de venta ${v.numero_completo}`,
        referencia: v.numero_completo,
      },
    ]);
    const twice = await api().post(`/api/ventas/${v.id_venta}/anular`).set(bearer(user.token));
    expect({ status: twice.status, body: twice.body }).toEqual({
      status: 200,
      body: { success: true, message: 'La venta ya está anulada.', data: res.body.data },
    });
    expect(await stockOf(p.id_producto)).toBe(10);
    expect(await movimientos(p.id_producto)).toHaveLength(3);
    // The annulled sale stays listed (estado 2) and keeps its number.
    const listed = await api().get('/api/ventas').query({ estado: '2' }).set(bearer(user.token));
    expect(listed.body.data.map((x: { id_venta: number }) => x.id_venta)).toContain(v.id_venta);
  });

  it('refuses local annulment, edit and delete of a sale SUNAT has (accepted, rejected, in process): 409; the accepted one goes to SUNAT (502 here)', async () => {
    // an accepted sale is voided at SUNAT by the same route (anulacion-canal e2e); here SUNAT is unreachable
    const ANULAR: Record<string, [number, RegExp]> = {
      '1': [502, /^No se pudo comunicar con SUNAT: /],
      '2': [409, /^La venta ya fue enviada a SUNAT; use una nota de crédito o la comunicación de baja\.$/],
      '3': [409, /^La venta está en proceso en SUNAT \(ticket pendiente\)\.$/],
    };
    for (const estado of ['1', '2', '3']) {
      const p = await createProducto(t, user, { precio: 5, stock: 4 });
      const v = await createFactura(t, user, { productos: [{ id_producto: p.id_producto, cantidad: 1 }] });
      await marcar(v.id_venta, estado);
      const [status, message] = ANULAR[estado];
      const anular = await api().post(`/api/ventas/${v.id_venta}/anular`).set(bearer(user.token));
      expect({ estado, status: anular.status, body: anular.body }).toEqual({
        estado,
        status,
        body: { success: false, message: expect.stringMatching(message) },
      });
      // the RA never left: its batch ended in error, nothing pending (so a 502, not the 202 of a lost answer)
      const lotes = await t.dataSource.query('SELECT l.estado FROM lotes_sunat l JOIN lote_sunat_items i ON i.id_lote = l.id WHERE i.id_venta = $1', [
        v.id_venta,
      ]);
      expect({ estado, lotes }).toEqual({ estado, lotes: estado === '1' ? [{ estado: 'error' }] : [] });
      const put = await api()
        .put(`/api/ventas/${v.id_venta}`)
        .set(bearer(user.token))
        .send({ productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }] });
      expect({ estado, status: put.status, message: put.body.message }).toEqual({ estado, status: 409, message: YA_ENVIADA });
      const del = await api().delete(`/api/ventas/${v.id_venta}`).set(bearer(user.token));
      expect({ estado, status: del.status }).toEqual({ estado, status: 409 });
      expect(await stockOf(p.id_producto)).toBe(3);
      const row = (await t.dataSource.query('SELECT estado, estado_sunat FROM ventas WHERE id_venta = $1', [v.id_venta]))[0];
      expect(row).toEqual({ estado: '1', estado_sunat: estado });
    }
  });

  it('descontar_stock false takes nothing; POST descontar-stock takes it once (409 the second time); annulment gives it back', async () => {
    const p = await createProducto(t, user, { precio: 10, stock: 5 });
    const v = await createVenta(t, user, { descontar_stock: false, productos: [{ id_producto: p.id_producto, cantidad: 2 }] });
    expect(v).toMatchObject({ stock_descontado: false });
    expect(await stockOf(p.id_producto)).toBe(5);

    const take = await api().post(`/api/ventas/${v.id_venta}/descontar-stock`).set(bearer(user.token));
    expect({ status: take.status, data: take.body.data?.stock_descontado }).toEqual({ status: 200, data: true });
    expect(await stockOf(p.id_producto)).toBe(3);
    const again = await api().post(`/api/ventas/${v.id_venta}/descontar-stock`).set(bearer(user.token));
    expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: { success: false, message: 'El stock de esta venta ya fue descontado.' } });
    expect(await stockOf(p.id_producto)).toBe(3);

    await api().post(`/api/ventas/${v.id_venta}/anular`).set(bearer(user.token)).expect(200);
    expect(await stockOf(p.id_producto)).toBe(5);
    expect((await api().post(`/api/ventas/${v.id_venta}/descontar-stock`).set(bearer(user.token))).status).toBe(409);

    // Not enough stock: 422 on the line, nothing taken.
    const big = await createVenta(t, user, { descontar_stock: false, productos: [{ id_producto: p.id_producto, cantidad: 6 }] });
    const short = await api().post(`/api/ventas/${big.id_venta}/descontar-stock`).set(bearer(user.token));
    expect({ status: short.status, errors: short.body.errors }).toEqual({
      status: 422,
      errors: { 'productos.0.cantidad': [`Stock insuficiente para ${p.codigo}`] },
    });
    expect(await stockOf(p.id_producto)).toBe(5);
    expect((await t.dataSource.query('SELECT stock_descontado FROM ventas WHERE id_venta = $1', [big.id_venta]))[0].stock_descontado).toBe(false);
  });

  it('PUT replaces the lines with the SAME number: totals recomputed, stock reversed and re-taken, XML re-signed under the same name', async () => {
    const a = await createProducto(t, user, { precio: 10, stock: 10 });
    const b = await createProducto(t, user, { precio: 7.5, stock: 10 });
    const v = await createFactura(t, user, { productos: [{ id_producto: a.id_producto, cantidad: 2 }] });
    const before = (await api().get(`/api/ventas/${v.id_venta}`).set(bearer(user.token))).body.data;
    expect(await stockOf(a.id_producto)).toBe(8);

    const otroRuc = nextRuc();
    const res = await api()
      .put(`/api/ventas/${v.id_venta}`)
      .set(bearer(user.token))
      .send({
        cliente_documento: otroRuc,
        cliente_datos: 'NUEVO CLIENTE S.A.C.',
        productos: [
          { id_producto: a.id_producto, cantidad: 1 },
          { id_producto: b.id_producto, cantidad: 3, precio_unitario: 7.3 },
        ],
      });
    expect(res.status).toBe(200);
    // 10 + 3 x 7.30 = 31.90 ; base 27.03 ; igv 4.87
    expect(res.body).toMatchObject({
      success: true,
      message: 'Venta actualizada correctamente.',
      data: {
        id_venta: v.id_venta,
        numero: v.numero,
        numero_completo: v.numero_completo,
        total: 31.9,
        op_gravadas: 27.03,
        igv: 4.87,
        cliente: { documento: otroRuc },
      },
      xml: { success: true, nombre_archivo: v.nombre_xml },
    });
    expect(res.body.data.productosVentas.map((l: { cantidad: number; precio_unitario: number }) => [l.cantidad, l.precio_unitario])).toEqual([
      [1, 10],
      [3, 7.3],
    ]);
    expect(res.body.xml.hash).not.toBe(before.hash_cpe);
    expect(res.body.data.hash_cpe).toBe(res.body.xml.hash);
    expect(await stockOf(a.id_producto)).toBe(9);
    expect(await stockOf(b.id_producto)).toBe(7);
    const xml = await api()
      .get(`/api/ventas/${v.id_venta}/xml`)
      .set(bearer(user.token))
      .buffer(true)
      .parse((r, cb) => {
        const c: Buffer[] = [];
        r.on('data', (d: Buffer) => c.push(d));
        r.on('end', () => cb(null, Buffer.concat(c)));
      });
    const text = (xml.body as Buffer).toString('utf8');
    expect(text).toContain('<cbc:PayableAmount currencyID="PEN">31.90</cbc:PayableAmount>');
    expect(text).toContain(`<cbc:ID>${v.numero_completo}</cbc:ID>`);
    expect(text).toContain(otroRuc);

    // A sale created without stock is edited without touching stock.
    const sin = await createVenta(t, user, { descontar_stock: false, productos: [{ id_producto: a.id_producto, cantidad: 1 }] });
    await api()
      .put(`/api/ventas/${sin.id_venta}`)
      .set(bearer(user.token))
      .send({ productos: [{ id_producto: a.id_producto, cantidad: 4 }] })
      .expect(200);
    expect(await stockOf(a.id_producto)).toBe(9);

    // A boleta cannot be turned into a factura client rule-breaker: a factura edit keeps requiring a RUC client.
    const dni = await createCliente(t, user, {});
    const bad = await api()
      .put(`/api/ventas/${v.id_venta}`)
      .set(bearer(user.token))
      .send({ id_cliente: dni.id_cliente, productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }] });
    expect({ status: bad.status, errors: bad.body.errors }).toEqual({
      status: 422,
      errors: {
        id_cliente: ['Las facturas requieren un cliente con RUC (11 dígitos), salvo exportaciones (tipo_operacion 0200-0208) y no domiciliados (0401).'],
      },
    });
    expect(await stockOf(a.id_producto)).toBe(9);
    const annulled = await createVenta(t, user);
    await api().post(`/api/ventas/${annulled.id_venta}/anular`).set(bearer(user.token)).expect(200);
    const putAnnulled = await api()
      .put(`/api/ventas/${annulled.id_venta}`)
      .set(bearer(user.token))
      .send({ productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }] });
    expect({ status: putAnnulled.status, message: putAnnulled.body.message }).toEqual({ status: 409, message: 'La venta está anulada.' });
  });

  it('DELETE of a never-sent sale gives the stock back, removes the sale and its XML; the number is not reused', async () => {
    const p = await createProducto(t, user, { precio: 3, stock: 6 });
    const v = await createVenta(t, user, { productos: [{ id_producto: p.id_producto, cantidad: 4 }] });
    expect(await stockOf(p.id_producto)).toBe(2);
    const res = await api().delete(`/api/ventas/${v.id_venta}`).set(bearer(user.token));
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { success: true, message: 'Venta eliminada correctamente.' } });
    expect(await stockOf(p.id_producto)).toBe(6);
    expect((await api().get(`/api/ventas/${v.id_venta}`).set(bearer(user.token))).status).toBe(404);
    expect((await api().get(`/api/ventas/${v.id_venta}/xml`).set(bearer(user.token))).status).toBe(404);
    expect((await movimientos(p.id_producto)).map((m: { tipo: string; cantidad: string; motivo: string }) => [m.tipo, m.cantidad, m.motivo])).toEqual([
      ['ingreso', '6.0000000000', expect.any(String)],
      ['salida', '4.0000000000', `Venta ${v.numero_completo}`],
      ['ingreso', '4.0000000000', `Eliminación de venta ${v.numero_completo}`],
    ]);
    const next = await createVenta(t, user);
    expect(next.numero).toBe(v.numero + 1);
  });

  it('a sale from a quotation with a client marks it aprobada; a quotation of another company is a 422 and nothing is written', async () => {
    const cliente = await createCliente(t, user, {});
    const cot = await api()
      .post('/api/cotizaciones')
      .set(bearer(user.token))
      .send({
        fecha: hoyLima(),
        moneda: 'PEN',
        aplicar_igv: true,
        id_cliente: cliente.id_cliente,
        productos: [{ nombre: 'Item', cantidad: 1, precio_unitario: 50 }],
      });
    expect(cot.status).toBe(201);
    const id = cot.body.data.id_cotizacion;
    const v = await createVenta(t, user, { id_cliente: cliente.id_cliente, cotizacion_id: id, cliente_documento: undefined, cliente_datos: undefined });
    expect(v).toMatchObject({ cotizacion_id: id });
    expect((await api().get(`/api/cotizaciones/${id}`).set(bearer(user.token))).body.data.estado).toBe('aprobada');

    const count = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM ventas WHERE id_empresa = $1', [empresaB]))[0].n;
    const before = await count();
    const foreign = await api()
      .post('/api/ventas')
      .set(bearer(userB.token))
      .send({
        tipo_documento: '03',
        cliente_documento: '44556677',
        cliente_datos: 'X',
        cotizacion_id: id,
        productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }],
      });
    expect({ status: foreign.status, fields: Object.keys(foreign.body.errors ?? {}) }).toEqual({ status: 422, fields: ['cotizacion_id'] });
    expect(await count()).toBe(before);
  });
});
