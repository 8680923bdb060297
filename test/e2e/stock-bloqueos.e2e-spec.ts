import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createProducto, createProveedor, createUserSession, nextDni, nextRuc } from '../support/factories';

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
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'productos.create', 'compras.create', 'proveedores.create']);
  });
  afterAll(() => t.close());

  it(`4 clients issuing facturas and boletas of the same goods and services (${POR_CLIENTE} each), beside purchases of those goods: no errors, numbers without gaps`, async () => {
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
    const stocks: Array<{ stock: string }> = await t.dataSource.query('SELECT stock::text AS stock FROM productos WHERE id_producto = ANY($1) ORDER BY id_producto', [
      bienes.map((b) => b.id_producto),
    ]);
    const esperado = (1000 - clientes.length * POR_CLIENTE + POR_CLIENTE).toFixed(10);
    expect(stocks.map((s) => s.stock)).toEqual([esperado, esperado, esperado]);
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM movimientos_stock WHERE id_producto = $1', [servicio.id_producto]);
    expect(n).toBe(0);
  });
});
