import { HttpException } from '@nestjs/common';
import request from 'supertest';
import { CotizacionesService } from '../../src/cotizaciones/cotizaciones.service';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession, nextRuc } from '../support/factories';

const TODOS = ['cotizaciones.view', 'cotizaciones.create', 'cotizaciones.edit', 'cotizaciones.delete', 'clientes.create', 'productos.create'];

/** A valid create body with a free-text client; tests override what they are about. */
const cuerpo = (extra: Record<string, unknown> = {}) => ({
  fecha: '2025-01-15',
  moneda: 'PEN',
  aplicar_igv: true,
  cliente_nombre: 'Cliente de mostrador',
  productos: [{ nombre: 'Servicio de instalación', cantidad: 1, precio_unitario: 118 }],
  ...extra,
});

describe('Cotizaciones', () => {
  let t: TestApp;
  let admin: Session;
  let empresaA: number;
  let a: Session;
  let b: Session;

  const post = (s: Session, body: object) => request(t.http).post('/api/cotizaciones').set(bearer(s.token)).send(body);
  const put = (s: Session, id: number, body: object) => request(t.http).put(`/api/cotizaciones/${id}`).set(bearer(s.token)).send(body);
  const get = (s: Session, path = '') => request(t.http).get(`/api/cotizaciones${path}`).set(bearer(s.token));
  const setEstado = (s: Session, id: number, estado: unknown) => request(t.http).post(`/api/cotizaciones/${id}/estado`).set(bearer(s.token)).send({ estado });
  const crear = async (s: Session, extra: Record<string, unknown> = {}) => {
    const res = await post(s, cuerpo(extra));
    if (res.status !== 201) throw new Error(`crear cotización: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const crearCliente = async (s: Session, documento: string, datos: string) => {
    const res = await request(t.http).post('/api/clientes').set(bearer(s.token)).send({ documento, datos });
    if (res.status !== 201) throw new Error(`crear cliente: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id_cliente as number;
  };
  const crearProducto = async (s: Session, codigo: string, nombre: string) => {
    const res = await request(t.http).post('/api/productos').set(bearer(s.token)).send({ codigo, nombre, precio: 25 });
    if (res.status !== 201) throw new Error(`crear producto: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id_producto as number;
  };
  const estadoEnBase = async (id: number) => (await t.dataSource.query(`SELECT estado FROM cotizaciones WHERE id_cotizacion = $1`, [id]))[0].estado as string;

  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '40' });
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    a = await createUserSession(t, admin, empresaA, TODOS);
    b = await createUserSession(t, admin, empresaB, TODOS);
  });
  afterAll(() => t.close());

  describe('create and detail', () => {
    it('creates a pendiente quotation with its lines and instalments, and shows it with its user', async () => {
      const res = await post(
        a,
        cuerpo({
          asunto: 'Instalación de red',
          observaciones: 'Incluye materiales',
          dias_pago: '30',
          direccion: 'Av. Arequipa 123, Lima',
          moneda: 'USD',
          tipo_cambio: 3.752,
          cuotas: [
            { tipo: 'inicial', monto: 50, fecha_vencimiento: '2025-01-20' },
            { tipo: 'cuota', monto: 68, fecha_vencimiento: '2025-02-20' },
          ],
        }),
      ).expect(201);
      expect(res.body).toMatchObject({ success: true, message: 'Cotización creada correctamente.' });
      const data = res.body.data;
      expect(data).toMatchObject({
        numero: expect.stringMatching(/^COT-\d{6}$/),
        estado: 'pendiente',
        fecha: '2025-01-15',
        moneda: 'USD',
        tipo_cambio: 3.752,
        cliente: null,
        cliente_nombre: 'Cliente de mostrador',
        id_cliente: null,
        dias_pago: '30',
        productos: [{ nombre: 'Servicio de instalación', cantidad: 1, precio_unitario: 118, precio_especial: null, precio: 118, importe: 118 }],
        cuotas: [
          { tipo: 'inicial', monto: 50, fecha_vencimiento: '2025-01-20' },
          { tipo: 'cuota', monto: 68, fecha_vencimiento: '2025-02-20' },
        ],
      });
      const detail = await get(a, `/${data.id_cotizacion}`).expect(200);
      expect(detail.body.success).toBe(true);
      expect(detail.body.data).toMatchObject({ numero: data.numero, asunto: 'Instalación de red', user: { id: a.body.user.id, name: a.body.user.name } });
      expect(detail.body.data.cuotas).toHaveLength(2);
    });

    it('fills a line from the company product when only producto_id is sent', async () => {
      const productoId = await crearProducto(a, 'CAM-01', 'Cámara IP');
      const data = await crear(a, { productos: [{ producto_id: productoId, cantidad: 2, precio_unitario: 25 }] });
      expect(data.productos[0]).toMatchObject({ producto_id: productoId, codigo: 'CAM-01', nombre: 'Cámara IP', importe: 50 });
    });
  });

  describe('totals (prices include IGV)', () => {
    const lineas = [
      { nombre: 'A', cantidad: 3, precio_unitario: 10.1 },
      { nombre: 'B', cantidad: 1, precio_unitario: 0.1 },
      { nombre: 'C', cantidad: 1, precio_unitario: 0.2 },
    ];

    it('aplicar_igv true: 30.30 + 0.10 + 0.20 - 0.60 = 30.00, subtotal 30 / 1.18 = 25.42, igv 4.58', async () => {
      const data = await crear(a, { productos: lineas, descuento: 0.6, aplicar_igv: true });
      expect(data.productos.map((l: { importe: number }) => l.importe)).toEqual([30.3, 0.1, 0.2]);
      expect(data).toMatchObject({ monto_bruto: 30.6, descuento: 0.6, total: 30, subtotal: 25.42, igv: 4.58 });
      const [row] = await t.dataSource.query(`SELECT monto_bruto, descuento, subtotal, igv, total FROM cotizaciones WHERE id_cotizacion = $1`, [
        data.id_cotizacion,
      ]);
      expect(row).toEqual({ monto_bruto: '30.60', descuento: '0.60', subtotal: '25.42', igv: '4.58', total: '30.00' });
    });

    it('aplicar_igv false: 30.60 - 1.50 = 29.10, subtotal = total, igv 0', async () => {
      const data = await crear(a, { productos: lineas, descuento: 1.5, aplicar_igv: false });
      expect(data).toMatchObject({ monto_bruto: 30.6, descuento: 1.5, total: 29.1, subtotal: 29.1, igv: 0 });
    });

    it('0.1 + 0.2 with IGV and no discount: 0.30, subtotal 0.25, igv 0.05', async () => {
      const data = await crear(a, { productos: lineas.slice(1) });
      expect(data).toMatchObject({ monto_bruto: 0.3, descuento: 0, total: 0.3, subtotal: 0.25, igv: 0.05 });
    });

    it('uses precio_especial instead of precio_unitario when given', async () => {
      const data = await crear(a, {
        aplicar_igv: false,
        productos: [
          { nombre: 'Con precio especial', cantidad: 2, precio_unitario: 50, precio_especial: 45 },
          { nombre: 'Sin precio especial', cantidad: 1, precio_unitario: 7, precio_especial: null },
        ],
      });
      expect(data.productos.map((l: { precio: number }) => l.precio)).toEqual([45, 7]);
      expect(data.total).toBe(97);
    });

    it('refuses a discount above the gross amount (422 descuento)', async () => {
      const res = await post(a, cuerpo({ productos: lineas, descuento: 30.61 })).expect(422);
      expect(res.body.errors.descuento).toBeDefined();
    });
  });

  describe('client options', () => {
    it('1: id_cliente of the company', async () => {
      const id = await crearCliente(a, '45678912', 'JUAN PEREZ');
      const data = await crear(a, { cliente_nombre: undefined, id_cliente: id });
      expect(data).toMatchObject({ id_cliente: id, cliente_nombre: null, cliente: { id_cliente: id, documento: '45678912', datos: 'JUAN PEREZ' } });
    });

    it('2: cliente_documento + cliente_datos creates the client once and reuses it', async () => {
      const ruc = nextRuc();
      const opcion = { cliente_nombre: undefined, cliente_documento: ruc, cliente_datos: 'ACME S.A.C.', cliente_direccion: 'Jr. Lima 1' };
      const first = await crear(a, opcion);
      expect(first.cliente).toMatchObject({ documento: ruc, datos: 'ACME S.A.C.', direccion: 'Jr. Lima 1', tipo_doc: '6' });
      const second = await crear(a, { ...opcion, cliente_datos: 'OTRO NOMBRE' });
      expect(second.id_cliente).toBe(first.id_cliente);
      expect(second.cliente.datos).toBe('ACME S.A.C.');
      const rows = await t.dataSource.query(`SELECT id_empresa FROM clientes WHERE documento = $1`, [ruc]);
      expect(rows).toEqual([{ id_empresa: empresaA }]);
    });

    it('3: cliente_nombre is free text and no client is stored', async () => {
      const nombre = `Cliente libre ${Date.now()}`;
      const data = await crear(a, { cliente_nombre: nombre });
      expect(data).toMatchObject({ id_cliente: null, cliente: null, cliente_nombre: nombre });
      expect(await t.dataSource.query(`SELECT 1 FROM clientes WHERE datos = $1`, [nombre])).toHaveLength(0);
    });

    it('no option at all: accepted as a client-less quotation, CLIENTES VARIOS (SPEC.md requires no client)', async () => {
      const sinCliente = await post(a, cuerpo({ cliente_nombre: undefined })).expect(201);
      expect(sinCliente.body.data).toMatchObject({ id_cliente: null, cliente: null, cliente_nombre: 'CLIENTES VARIOS' });
      const id = sinCliente.body.data.id_cotizacion;
      const [row] = await t.dataSource.query(`SELECT id_cliente, cliente_nombre FROM cotizaciones WHERE id_cotizacion = $1`, [id]);
      expect(row).toEqual({ id_cliente: null, cliente_nombre: 'CLIENTES VARIOS' });
      const nulos = await post(a, cuerpo({ cliente_nombre: null, id_cliente: null })).expect(201);
      expect(nulos.body.data.cliente_nombre).toBe('CLIENTES VARIOS');
    });

    it('rejects two options, an incomplete option 2, a bad documento and another company’s client', async () => {
      const ajeno = await crearCliente(b, '11223344', 'CLIENTE DE B');
      const dos = await post(a, cuerpo({ cliente_documento: '12345678', cliente_datos: 'X' })).expect(422);
      expect(Object.keys(dos.body.errors).sort()).toEqual(['cliente_documento', 'cliente_nombre']);
      const incompleta = await post(a, cuerpo({ cliente_nombre: undefined, cliente_documento: '12345678' })).expect(422);
      expect(incompleta.body.errors.cliente_datos).toBeDefined();
      const sinDocumento = await post(a, cuerpo({ cliente_nombre: undefined, cliente_datos: 'X' })).expect(422);
      expect(sinDocumento.body.errors.cliente_documento).toBeDefined();
      const malDocumento = await post(a, cuerpo({ cliente_nombre: undefined, cliente_documento: '123', cliente_datos: 'X' })).expect(422);
      expect(malDocumento.body.errors.cliente_documento).toBeDefined();
      const deOtra = await post(a, cuerpo({ cliente_nombre: undefined, id_cliente: ajeno })).expect(422);
      expect(deOtra.body.errors.id_cliente).toBeDefined();
    });
  });

  describe('validation (422 naming the field)', () => {
    const linea = { nombre: 'X', cantidad: 1, precio_unitario: 1 };
    const cuota = { tipo: 'cuota', monto: 10, fecha_vencimiento: '2025-02-01' };
    const casos: Array<[string, Record<string, unknown>, string]> = [
      ['fecha missing', { fecha: undefined }, 'fecha'],
      ['fecha not YYYY-MM-DD', { fecha: '15/01/2025' }, 'fecha'],
      ['fecha not a real date', { fecha: '2025-02-30' }, 'fecha'],
      ['moneda missing', { moneda: undefined }, 'moneda'],
      ['moneda not PEN/USD', { moneda: 'EUR' }, 'moneda'],
      ['tipo_cambio not positive', { tipo_cambio: 0 }, 'tipo_cambio'],
      ['aplicar_igv missing', { aplicar_igv: undefined }, 'aplicar_igv'],
      ['aplicar_igv not boolean', { aplicar_igv: 'true' }, 'aplicar_igv'],
      ['descuento negative', { descuento: -1 }, 'descuento'],
      ['descuento not a number', { descuento: '5' }, 'descuento'],
      ['productos missing', { productos: undefined }, 'productos'],
      ['productos empty', { productos: [] }, 'productos'],
      ['cantidad 0', { productos: [{ ...linea, cantidad: 0 }] }, 'productos.0.cantidad'],
      ['cantidad negative', { productos: [{ ...linea, cantidad: -2 }] }, 'productos.0.cantidad'],
      ['precio_unitario negative', { productos: [{ ...linea, precio_unitario: -0.01 }] }, 'productos.0.precio_unitario'],
      ['precio_unitario missing', { productos: [{ nombre: 'X', cantidad: 1 }] }, 'productos.0.precio_unitario'],
      ['precio_especial negative', { productos: [{ ...linea, precio_especial: -1 }] }, 'productos.0.precio_especial'],
      ['nombre missing without producto_id', { productos: [{ cantidad: 1, precio_unitario: 1 }] }, 'productos.0.nombre'],
      ['unknown producto_id', { productos: [{ ...linea, producto_id: 999999 }] }, 'productos.0.producto_id'],
      ['cuotas not an array', { cuotas: 'x' }, 'cuotas'],
      ['cuota tipo', { cuotas: [{ ...cuota, tipo: 'saldo' }] }, 'cuotas.0.tipo'],
      ['cuota monto 0', { cuotas: [{ ...cuota, monto: 0 }] }, 'cuotas.0.monto'],
      ['cuota fecha_vencimiento', { cuotas: [{ ...cuota, fecha_vencimiento: '2025-13-01' }] }, 'cuotas.0.fecha_vencimiento'],
      ['estado is not accepted on create', { estado: 'aprobada' }, 'estado'],
      ['unknown field', { total: 5 }, 'total'],
    ];

    it.each(casos)('%s', async (_name, extra, field) => {
      const res = await post(a, cuerpo(extra)).expect(422);
      expect(res.body).toMatchObject({ success: false, message: 'Los datos enviados no son válidos.' });
      expect(res.body.errors[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    });

    it('refuses another company’s product on a line', async () => {
      const ajeno = await crearProducto(b, `B-${Date.now()}`, 'Producto de B');
      const res = await post(a, cuerpo({ productos: [{ ...linea, producto_id: ajeno }] })).expect(422);
      expect(res.body.errors['productos.0.producto_id']).toBeDefined();
    });
  });

  describe('estado (every row of SPEC.md’s state table)', () => {
    it('POST {id}/estado sets any of the four values from any value and returns the quotation', async () => {
      const { id_cotizacion: id } = await crear(a);
      for (const estado of ['aprobada', 'vencida', 'rechazada', 'pendiente', 'rechazada', 'aprobada']) {
        const res = await setEstado(a, id, estado).expect(200);
        expect(res.body).toMatchObject({ success: true, message: expect.any(String), data: { id_cotizacion: id, estado } });
        expect(await estadoEnBase(id)).toBe(estado);
      }
      expect((await setEstado(a, id, 'cerrada').expect(422)).body.errors.estado).toBeDefined();
      expect((await setEstado(a, id, undefined).expect(422)).body.errors.estado).toBeDefined();
    });

    it('PUT with estado sets it, replaces lines and instalments and recomputes totals; without estado keeps it', async () => {
      const creada = await crear(a, {
        productos: [
          { nombre: 'Uno', cantidad: 1, precio_unitario: 10 },
          { nombre: 'Dos', cantidad: 1, precio_unitario: 20 },
        ],
        cuotas: [{ tipo: 'inicial', monto: 10, fecha_vencimiento: '2025-01-20' }],
      });
      const id = creada.id_cotizacion;
      const res = await put(
        a,
        id,
        cuerpo({
          estado: 'vencida',
          aplicar_igv: false,
          descuento: 1,
          productos: [{ nombre: 'Tres', cantidad: 4, precio_unitario: 2.5 }],
          cuotas: [
            { tipo: 'cuota', monto: 4.5, fecha_vencimiento: '2025-03-01' },
            { tipo: 'cuota', monto: 4.5, fecha_vencimiento: '2025-04-01' },
          ],
        }),
      ).expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Cotización actualizada correctamente.' });
      expect(res.body.data).toMatchObject({ numero: creada.numero, estado: 'vencida', monto_bruto: 10, descuento: 1, total: 9, subtotal: 9, igv: 0 });
      expect(res.body.data.productos.map((l: { nombre: string }) => l.nombre)).toEqual(['Tres']);
      expect(res.body.data.cuotas.map((c: { fecha_vencimiento: string }) => c.fecha_vencimiento)).toEqual(['2025-03-01', '2025-04-01']);
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM cotizacion_detalles WHERE id_cotizacion = $1`, [id]);
      expect(n).toBe(1);

      const sinEstado = await put(a, id, cuerpo()).expect(200);
      expect(sinEstado.body.data).toMatchObject({ estado: 'vencida', total: 118, subtotal: 100, igv: 18, cuotas: [] });
      expect((await put(a, id, cuerpo({ estado: 'cerrada' })).expect(422)).body.errors.estado).toBeDefined();
    });

    it('DELETE marks it rechazada and keeps the record', async () => {
      const { id_cotizacion: id, numero } = await crear(a);
      const res = await request(t.http).delete(`/api/cotizaciones/${id}`).set(bearer(a.token)).expect(200);
      expect(res.body).toEqual({ success: true, message: expect.any(String) });
      const detail = await get(a, `/${id}`).expect(200);
      expect(detail.body.data).toMatchObject({ numero, estado: 'rechazada' });
      const list = await get(a, `?estado=rechazada&q=${numero}`).expect(200);
      expect(list.body.data.map((r: { id_cotizacion: number }) => r.id_cotizacion)).toEqual([id]);
    });

    it('creating a sale approves a quotation with id_cliente, in the caller’s transaction', async () => {
      const service = t.app.get(CotizacionesService);
      const idCliente = await crearCliente(a, '87654321', 'MARIA LOPEZ');
      const conCliente = await crear(a, { cliente_nombre: undefined, id_cliente: idCliente });
      await setEstado(a, conCliente.id_cotizacion, 'vencida').expect(200);

      // A sale that fails afterwards rolls the approval back with it.
      await expect(
        t.dataSource.transaction(async (m) => {
          await service.approveFromSale(m, empresaA, conCliente.id_cotizacion);
          throw new Error('la venta falló');
        }),
      ).rejects.toThrow('la venta falló');
      expect(await estadoEnBase(conCliente.id_cotizacion)).toBe('vencida');

      await t.dataSource.transaction((m) => service.approveFromSale(m, empresaA, conCliente.id_cotizacion));
      expect(await estadoEnBase(conCliente.id_cotizacion)).toBe('aprobada');
    });

    it('a sale leaves a free-text quotation as it is and refuses another company’s quotation (422 cotizacion_id)', async () => {
      const service = t.app.get(CotizacionesService);
      const libre = await crear(a);
      await t.dataSource.transaction((m) => service.approveFromSale(m, empresaA, libre.id_cotizacion));
      expect(await estadoEnBase(libre.id_cotizacion)).toBe('pendiente');

      const deB = await crear(b, { cliente_nombre: undefined, cliente_documento: '10203040', cliente_datos: 'CLIENTE B' });
      for (const id of [deB.id_cotizacion, 999999]) {
        const error = await t.dataSource.transaction((m) => service.approveFromSale(m, empresaA, id)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HttpException);
        expect((error as HttpException).getStatus()).toBe(422);
        expect((error as HttpException).getResponse()).toMatchObject({ errors: { cotizacion_id: expect.any(Array) } });
      }
      expect(await estadoEnBase(deB.id_cotizacion)).toBe('pendiente');
    });
  });

  describe('company scope', () => {
    it('answers 404 for a missing id on every route', async () => {
      const missing = 987654;
      for (const res of [
        await get(a, `/${missing}`),
        await put(a, missing, cuerpo()),
        await request(t.http).delete(`/api/cotizaciones/${missing}`).set(bearer(a.token)),
        await setEstado(a, missing, 'aprobada'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: 'Cotización no encontrada.' });
      }
    });

    it('answers 403 for another company’s quotation, leaves it unchanged and never lists it', async () => {
      const deA = await crear(a, { asunto: 'Solo para A' });
      for (const res of [
        await get(b, `/${deA.id_cotizacion}`),
        await put(b, deA.id_cotizacion, cuerpo({ estado: 'aprobada' })),
        await request(t.http).delete(`/api/cotizaciones/${deA.id_cotizacion}`).set(bearer(b.token)),
        await setEstado(b, deA.id_cotizacion, 'aprobada'),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.success).toBe(false);
      }
      expect(await estadoEnBase(deA.id_cotizacion)).toBe('pendiente');
      const listB = await get(b, '?per_page=100').expect(200);
      expect(listB.body.data.map((r: { id_cotizacion: number }) => r.id_cotizacion)).not.toContain(deA.id_cotizacion);
      const listA = await get(a, '?per_page=100').expect(200);
      expect(listA.body.data.map((r: { id_cotizacion: number }) => r.id_cotizacion)).toContain(deA.id_cotizacion);
    });
  });

  describe('list', () => {
    it('answers rows of the listing view with the client name and totals, filtered by estado and q', async () => {
      const ruc = nextRuc();
      const creada = await crear(a, { cliente_nombre: undefined, cliente_documento: ruc, cliente_datos: 'LISTADO S.A.C.', asunto: 'Proyecto Listado' });
      await setEstado(a, creada.id_cotizacion, 'aprobada').expect(200);
      const res = await get(a, `?q=${ruc}`).expect(200);
      expect(res.body).toMatchObject({ success: true, meta: { page: 1, total: 1 } });
      expect(res.body.data).toEqual([
        expect.objectContaining({
          id_cotizacion: creada.id_cotizacion,
          numero: creada.numero,
          fecha: '2025-01-15',
          cliente_documento: ruc,
          cliente_datos: 'LISTADO S.A.C.',
          total: 118,
          subtotal: 100,
          igv: 18,
          estado: 'aprobada',
          usuario: a.body.user.name,
        }),
      ]);
      expect((await get(a, `?q=${ruc}&estado=pendiente`).expect(200)).body.data).toEqual([]);
      expect((await get(a, '?q=Proyecto%20Listado').expect(200)).body.data.map((r: { numero: string }) => r.numero)).toEqual([creada.numero]);
      expect((await get(a, '?estado=abierta').expect(422)).body.errors.estado).toBeDefined();
    });

    it('pages like every other list (GET /api/clientes): page, per_page ≤ 100, meta; newest first', async () => {
      const c = await createUserSession(t, admin, (await createEmpresa(t, admin)).id_empresa, [...TODOS, 'clientes.view']);
      const numeros: string[] = [];
      for (let i = 0; i < 3; i++) numeros.push((await crear(c)).numero);
      const primera = await get(c, '?per_page=2').expect(200);
      expect(Object.keys(primera.body).sort()).toEqual(['data', 'meta', 'success']);
      expect(primera.body.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
      expect(primera.body.data.map((r: { numero: string }) => r.numero)).toEqual([numeros[2], numeros[1]]);
      const segunda = await get(c, '?per_page=2&page=2').expect(200);
      expect({ meta: segunda.body.meta, numeros: segunda.body.data.map((r: { numero: string }) => r.numero) }).toEqual({
        meta: { page: 2, per_page: 2, total: 3, last_page: 2 },
        numeros: [numeros[0]],
      });
      // Without parameters: the first 20, as every list.
      expect((await get(c).expect(200)).body.meta).toEqual({ page: 1, per_page: 20, total: 3, last_page: 1 });
      const clientes = await request(t.http).get('/api/clientes').set(bearer(c.token)).expect(200);
      expect(Object.keys(clientes.body.meta).sort()).toEqual(Object.keys(primera.body.meta).sort());
      for (const [query, campo] of [
        ['?per_page=101', 'per_page'],
        ['?page=0', 'page'],
        ['?per_page=abc', 'per_page'],
      ]) {
        expect({ query, errors: Object.keys((await get(c, query).expect(422)).body.errors) }).toEqual({ query, errors: [campo] });
      }
    });

    it('is documented as a paginated list in the OpenAPI document', async () => {
      const op = (await request(t.http).get('/api/docs-json').expect(200)).body.paths['/api/cotizaciones'].get;
      expect(op.description).toContain('Paginado');
      expect(
        (op.parameters as Array<{ name: string; in: string }>)
          .filter((p) => p.in === 'query')
          .map((p) => p.name)
          .sort(),
      ).toEqual(expect.arrayContaining(['estado', 'page', 'per_page', 'q']));
      expect(op.responses['200'].content['application/json'].schema.properties.meta.properties).toEqual(
        expect.objectContaining({ page: expect.anything(), per_page: expect.anything(), total: expect.anything(), last_page: expect.anything() }),
      );
    });
  });

  describe('numbering', () => {
    it('is consecutive and gap-free under 30 parallel creates, per company, and proximo-numero does not reserve', async () => {
      const empresa = (await createEmpresa(t, admin)).id_empresa;
      const otra = (await createEmpresa(t, admin)).id_empresa;
      const u = await createUserSession(t, admin, empresa, TODOS);
      const v = await createUserSession(t, admin, otra, ['cotizaciones.create']);
      const sinPermisos = await createUserSession(t, admin, empresa, []);

      expect((await get(sinPermisos, '/proximo-numero').expect(200)).body).toEqual({ success: true, numero: 'COT-000001' });
      expect((await get(u, '/proximo-numero').expect(200)).body.numero).toBe('COT-000001');

      // A refused create does not use a number.
      await post(u, cuerpo({ productos: [{ nombre: 'X', cantidad: 1, precio_unitario: 1, producto_id: 999999 }] })).expect(422);

      const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(u, cuerpo({ asunto: `Paralela ${i}` }))));
      expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
      const numeros = responses.map((r) => r.body.data.numero as string).sort();
      expect(numeros).toEqual(Array.from({ length: 30 }, (_, i) => `COT-${String(i + 1).padStart(6, '0')}`));

      expect((await post(v, cuerpo()).expect(201)).body.data.numero).toBe('COT-000001');
      expect((await get(u, '/proximo-numero').expect(200)).body.numero).toBe('COT-000031');
      expect((await post(u, cuerpo()).expect(201)).body.data.numero).toBe('COT-000031');
    });
  });

  describe('permissions', () => {
    it('checks the permission of each route, lets proximo-numero through with authentication only, and 401s without a token', async () => {
      const { id_cotizacion: id } = await crear(a);
      const rutas: Array<[string, (s: Session) => request.Test]> = [
        ['cotizaciones.view', (s) => get(s)],
        ['cotizaciones.view', (s) => get(s, `/${id}`)],
        ['cotizaciones.create', (s) => post(s, cuerpo())],
        ['cotizaciones.edit', (s) => put(s, id, cuerpo())],
        ['cotizaciones.edit', (s) => setEstado(s, id, 'pendiente')],
        ['cotizaciones.delete', (s) => request(t.http).delete(`/api/cotizaciones/${id}`).set(bearer(s.token))],
      ];
      const otros = ['ventas.view', 'ventas.create', 'clientes.view'];
      const sinNinguno = await createUserSession(t, admin, empresaA, otros);
      for (const [permiso, llamar] of rutas) {
        expect((await llamar(sinNinguno)).status).toBe(403);
        const conPermiso = await createUserSession(t, admin, empresaA, [permiso]);
        expect([200, 201]).toContain((await llamar(conPermiso)).status);
      }
      expect((await get(sinNinguno, '/proximo-numero')).status).toBe(200);
      expect((await request(t.http).get('/api/cotizaciones/proximo-numero')).status).toBe(401);
      expect((await request(t.http).get('/api/cotizaciones')).status).toBe(401);
      expect((await request(t.http).post('/api/cotizaciones').send(cuerpo())).status).toBe(401);
    });
  });
});
