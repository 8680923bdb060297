import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { StockService } from '../../src/productos/stock.service';
import { createEmpresa, createFactura, createProducto, createProveedor, createUserSession, createVenta, nextDni, nextRuc } from '../support/factories';

jest.setTimeout(600_000);

const POR_CLIENTE = 60;

/** Numbers of one series as stored, ascending. */
async function numerosDe(t: TestApp, empresaId: number, serie: string): Promise<number[]> {
  const rows: Array<{ numero: number }> = await t.dataSource.query('SELECT numero FROM ventas WHERE id_empresa = $1 AND serie = $2 ORDER BY numero', [
    empresaId,
    serie,
  ]);
  return rows.map((r) => r.numero);
}

const uno = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('Stock: documents of different series sharing products never deadlock', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
  });
  afterAll(() => t.close());

  /** A company of its own per test, so each test's series start at 1. */
  async function empresaConUsuario() {
    const empresaId = (await createEmpresa(t, admin)).id_empresa;
    const user = await createUserSession(t, admin, empresaId, [
      'ventas.view',
      'ventas.create',
      'ventas.edit',
      'productos.create',
      'compras.create',
      'proveedores.create',
    ]);
    return { empresaId, user };
  }

  /** Whether another connection can take `lock` on the product row right now (55P03 when it would have to wait). */
  async function libre(idProducto: number, lock: string): Promise<boolean> {
    try {
      await t.dataSource.query(`SELECT 1 FROM productos WHERE id_producto = $1 ${lock} NOWAIT`, [idProducto]);
      return true;
    } catch (e) {
      if ((e as { code?: string }).code === '55P03') return false;
      throw e;
    }
  }

  it('a stock movement locks its goods FOR NO KEY UPDATE (lines of other documents may still reference them) and leaves services unlocked', async () => {
    const { empresaId, user } = await empresaConUsuario();
    const bien = await createProducto(t, user, { stock: 10 });
    const servicio = await createProducto(t, user, { unidad: 'ZZ' });
    const stock = t.app.get(StockService);
    const vistos = await t.dataSource.transaction(async (m) => {
      await stock.moveMany(
        m,
        [bien, servicio].map((p) => ({ empresaId, productoId: p.id_producto, tipo: 'salida' as const, cantidad: 1, motivo: 'Venta' })),
      );
      return {
        bienReferenciable: await libre(bien.id_producto, 'FOR KEY SHARE'),
        bienBloqueado: !(await libre(bien.id_producto, 'FOR NO KEY UPDATE')),
        servicioLibre: await libre(servicio.id_producto, 'FOR UPDATE'),
      };
    });
    expect(vistos).toEqual({ bienReferenciable: true, bienBloqueado: true, servicioLibre: true });
  });

  it(`4 clients issuing facturas and boletas of the same goods and services (${POR_CLIENTE} each), beside purchases of those goods: no errors, numbers without gaps`, async () => {
    const { empresaId, user } = await empresaConUsuario();
    const bienes = [
      await createProducto(t, user, { precio: 11.8, stock: 1000 }),
      await createProducto(t, user, { precio: 23.6, stock: 1000 }),
      await createProducto(t, user, { precio: 5.9, stock: 1000 }),
    ];
    const servicio = await createProducto(t, user, { precio: 50, unidad: 'ZZ' });
    const proveedor = await createProveedor(t, user);
    // Each client names the products in its own order: the locks must not follow the order of the lines.
    const lineas = (orden: number[]) => [
      ...orden.map((k) => ({ id_producto: bienes[k].id_producto, cantidad: 1 })),
      { id_producto: servicio.id_producto, cantidad: 1 },
    ];
    const clientes = [
      { tipo_documento: '01', orden: [0, 1, 2] },
      { tipo_documento: '03', orden: [2, 1, 0] },
      { tipo_documento: '01', orden: [1, 2, 0] },
      { tipo_documento: '03', orden: [0, 2, 1] },
    ];
    const ventas = clientes.map(async ({ tipo_documento, orden }) => {
      const statuses: number[] = [];
      for (let i = 0; i < POR_CLIENTE; i++) {
        const factura = tipo_documento === '01';
        const res = await request(t.http)
          .post('/api/ventas')
          .set(bearer(user.token))
          .send({
            tipo_documento,
            cliente_documento: factura ? nextRuc() : nextDni(),
            cliente_datos: factura ? `EMPRESA CLIENTE ${i} S.A.C.` : `CLIENTE ${i}`,
            productos: lineas(orden),
          });
        if (res.status !== 201) throw new Error(`venta ${tipo_documento}: ${res.status} ${JSON.stringify(res.body)}`);
        statuses.push(res.status);
      }
      return statuses;
    });
    const compras = (async () => {
      const statuses: number[] = [];
      for (let i = 0; i < POR_CLIENTE; i++) {
        const res = await request(t.http)
          .post('/api/compras')
          .set(bearer(user.token))
          .send({
            id_proveedor: proveedor.id_proveedor,
            fecha: '2025-01-15',
            tipo_documento: '01',
            serie: 'F001',
            numero: i + 1,
            productos: [2, 0, 1].map((k) => ({ id_producto: bienes[k].id_producto, cantidad: 1, costo_unitario: 5 })),
          });
        if (res.status !== 201) throw new Error(`compra: ${res.status} ${JSON.stringify(res.body)}`);
        statuses.push(res.status);
      }
      return statuses;
    })();
    const resultados = await Promise.allSettled([...ventas, compras]);
    const errores = resultados.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(errores).toEqual([]);

    expect(await numerosDe(t, empresaId, 'F001')).toEqual(uno(2 * POR_CLIENTE));
    expect(await numerosDe(t, empresaId, 'B001')).toEqual(uno(2 * POR_CLIENTE));
    // Every sale took one unit of each good and every purchase brought one back.
    const stocks: Array<{ stock: string }> = await t.dataSource.query(
      'SELECT stock::text AS stock FROM productos WHERE id_producto = ANY($1) ORDER BY id_producto',
      [bienes.map((b) => b.id_producto)],
    );
    const esperado = (1000 - clientes.length * POR_CLIENTE + POR_CLIENTE).toFixed(10);
    expect(stocks.map((s) => s.stock)).toEqual([esperado, esperado, esperado]);
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM movimientos_stock WHERE id_producto = $1', [servicio.id_producto]);
    expect(n).toBe(0);
  });

  it('edits that swap a sale between two goods, beside facturas of both goods: no errors, stock exact', async () => {
    const { empresaId, user } = await empresaConUsuario();
    const [bajo, alto] = [await createProducto(t, user, { stock: 1000 }), await createProducto(t, user, { stock: 1000 })];
    const linea = (p: { id_producto: number }) => [{ id_producto: p.id_producto, cantidad: 1 }];
    const EDICIONES = 30;
    // Each edit gives back one product and takes the other, both orders in turn.
    const editores = [0, 1].map(async () => {
      const venta = await createVenta(t, user, { productos: linea(alto) });
      for (let i = 0; i < EDICIONES; i++) {
        const res = await request(t.http)
          .put(`/api/ventas/${venta.id_venta}`)
          .set(bearer(user.token))
          .send({ productos: linea(i % 2 === 0 ? bajo : alto) });
        if (res.status !== 200) throw new Error(`edición: ${res.status} ${JSON.stringify(res.body)}`);
      }
    });
    const emisores = [0, 1].map(async () => {
      for (let i = 0; i < EDICIONES; i++) await createFactura(t, user, { productos: [...linea(alto), ...linea(bajo)] });
    });
    const resultados = await Promise.allSettled([...editores, ...emisores]);
    expect(resultados.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);

    expect(await numerosDe(t, empresaId, 'F001')).toEqual(uno(2 * EDICIONES));
    // The last edit of each sale leaves it on `alto`.
    const stocks: Array<{ stock: string }> = await t.dataSource.query(
      'SELECT stock::text AS stock FROM productos WHERE id_producto = ANY($1) ORDER BY id_producto',
      [[bajo.id_producto, alto.id_producto]],
    );
    expect(stocks.map((s) => s.stock)).toEqual([(1000 - 2 * EDICIONES).toFixed(10), (1000 - 2 * EDICIONES - 2).toFixed(10)]);
  });
});
