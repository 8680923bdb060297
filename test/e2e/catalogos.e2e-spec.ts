import request from 'supertest';
import { entradas, NUMEROS_CATALOGO } from '../../src/catalogos/catalogos-data';
import { guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession, nextDni } from '../support/factories';

const UNIDAD_MAL = 'unidad debe ser una unidad de medida del catálogo 03 de SUNAT (NIU, ZZ, KGM, BX...)';

/** Issue 17: GET /api/catalogos/{numero} and units checked against catálogo 03 on every form that takes one. */
describe('Catálogos SUNAT', () => {
  let t: TestApp;
  let admin: Session;
  let sinPermisos: Session;
  let vendedor: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    sinPermisos = await createUserSession(t, admin, empresa.id_empresa, []);
    vendedor = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create', 'productos.view', 'productos.create', 'productos.edit']);
  });
  afterAll(() => t.close());

  const get = (path: string, session: Session = sinPermisos) => request(t.http).get(`/api/catalogos/${path}`).set(bearer(session.token));

  it('answers every catalogue to any authenticated user, whatever its permissions', async () => {
    for (const numero of NUMEROS_CATALOGO) {
      const res = await get(numero).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toEqual(entradas(numero));
      for (const e of res.body.data) expect(e).toEqual(expect.objectContaining({ codigo: expect.any(String), descripcion: expect.any(String) }));
    }
    expect((await get('06').expect(200)).body.data.map((e: { codigo: string }) => e.codigo)).toEqual([
      '0',
      '1',
      '4',
      '6',
      '7',
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
    ]);
    expect((await get('54').expect(200)).body.data[0]).toEqual({ codigo: '001', descripcion: 'Azúcar y melaza de caña', tasa: '10' });
    expect((await get('03', admin).expect(200)).body.data).toHaveLength(2116);
  });

  it('filters by code or description, accent- and case-insensitive', async () => {
    const q = (numero: string, text: string) => get(`${numero}?q=${encodeURIComponent(text)}`).expect(200);
    expect((await q('03', 'kgm')).body.data[0]).toEqual({ codigo: 'KGM', descripcion: 'kilogram' });
    expect((await q('03', 'kilogram')).body.data[0].codigo).toBe('KGM');
    for (const text of ['exportacion', 'EXPORTACIÓN', 'Exportación'])
      expect((await q('07', text)).body.data.map((e: { codigo: string }) => e.codigo)).toEqual(['40']);
    expect((await q('51', 'detraccion')).body.data.map((e: { codigo: string }) => e.codigo)).toEqual(['1001', '1002', '1003', '1004']);
    expect((await q('06', 'zzzz')).body.data).toEqual([]);
    expect((await q('06', '')).body.data).toHaveLength(12);
    expect((await get(`06?q=${'x'.repeat(101)}`)).status).toBe(422);
  });

  it('404 for a catalogue it does not hold, 422 for a number that is not two digits, 401 without a token', async () => {
    for (const numero of ['01', '13', '99']) expect((await get(numero).expect(404)).body).toEqual({ success: false, message: 'Catálogo no encontrado.' });
    for (const numero of ['3', '003', 'ab', '0A']) {
      const res = await get(numero).expect(422);
      expect(res.body).toMatchObject({ success: false, errors: { numero: ['numero debe ser el número del catálogo con dos dígitos (p. ej. 03)'] } });
    }
    expect((await request(t.http).get('/api/catalogos/03').expect(401)).body.success).toBe(false);
  });

  it('refuses a sale line whose unit is not in catálogo 03, naming the line', async () => {
    const venta = (productos: unknown[]) =>
      request(t.http)
        .post('/api/ventas')
        .set(bearer(vendedor.token))
        .send({ tipo_documento: '03', cliente_documento: nextDni(), cliente_datos: 'CLIENTE', productos });
    const res = await venta([
      { descripcion: 'CABLE', cantidad: 1, precio_unitario: 10, unidad_medida: 'KGM' },
      { descripcion: 'OTRO', cantidad: 1, precio_unitario: 10, unidad_medida: 'XYZ' },
    ]).expect(422);
    expect(res.body.errors).toEqual({ 'productos.1.unidad_medida': [UNIDAD_MAL.replace('unidad', 'unidad_medida')] });
    const ok = await venta([{ descripcion: 'ARROZ', cantidad: 2.5, precio_unitario: 4.2, unidad_medida: 'kgm' }]).expect(201);
    const view = await request(t.http).get(`/api/ventas/${ok.body.data.id_venta}`).set(bearer(vendedor.token)).expect(200);
    expect(view.body.data.productosVentas.map((l: { unidad_medida: string }) => l.unidad_medida)).toEqual(['KGM']);
  });

  it('refuses a guide line whose unit is not in catálogo 03', async () => {
    const res = await request(t.http)
      .post('/api/guias-remision')
      .set(bearer(vendedor.token))
      .send(
        guiaPublica({
          detalles: [
            { descripcion: 'CAJA', cantidad: 1, unidad: 'BX' },
            { descripcion: 'COSA', cantidad: 1, unidad: 'XYZ' },
          ],
        }),
      )
      .expect(422);
    expect(res.body.errors).toEqual({ 'detalles.1.unidad': [UNIDAD_MAL] });
    await request(t.http)
      .post('/api/guias-remision')
      .set(bearer(vendedor.token))
      .send(guiaPublica({ detalles: [{ descripcion: 'CAJA', cantidad: 1, unidad: 'bx' }] }))
      .expect(201);
  });

  it('refuses a product whose unit is not in catálogo 03, on create and on update', async () => {
    const crear = (unidad: string) =>
      request(t.http)
        .post('/api/productos')
        .set(bearer(vendedor.token))
        .send({ codigo: `U-${unidad}`, nombre: 'PRODUCTO', precio: 1, unidad });
    expect((await crear('XYZ').expect(422)).body.errors).toEqual({ unidad: [UNIDAD_MAL] });
    const creado = (await crear('DZN').expect(201)).body.data;
    const res = await request(t.http).put(`/api/productos/${creado.id_producto}`).set(bearer(vendedor.token)).send({ unidad: 'UND' }).expect(422);
    expect(res.body.errors).toEqual({ unidad: [UNIDAD_MAL] });
  });
});
