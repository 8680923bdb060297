import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createProducto, createUserSession, createVenta, nextDni } from '../support/factories';

jest.setTimeout(180_000);

describe('Ventas: concurrent numbering and money to the cent', () => {
  let t: TestApp;
  let admin: Session;
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'productos.create']);
  });
  afterAll(() => t.close());

  it('50 sales created in parallel on one series get 50 distinct consecutive numbers, and stock ends exact', async () => {
    const p = await createProducto(t, user, { precio: 1.5, stock: 50 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request(t.http)
          .post('/api/ventas')
          .set(bearer(user.token))
          .send({
            tipo_documento: '03',
            cliente_documento: nextDni(),
            cliente_datos: `CLIENTE ${i}`,
            productos: [{ id_producto: p.id_producto, cantidad: 1 }],
          }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numeros = results.map((r) => r.body.data.numero as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.body.data.nombre_xml)).size).toBe(50);
    const [{ stock }] = await t.dataSource.query('SELECT stock::text AS stock FROM productos WHERE id_producto = $1', [p.id_producto]);
    expect(stock).toBe('0.0000000000');
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM movimientos_stock WHERE id_producto = $1 AND tipo = 'salida'`, [p.id_producto]);
    expect(n).toBe(50);
    const [{ correlativo }] = await t.dataSource.query(`SELECT correlativo FROM series WHERE id_empresa = $1 AND serie = 'B001'`, [empresaId]);
    expect(correlativo).toBe(50);
    // One more unit than there is: 422, and the counter does not move.
    const late = await request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({
        tipo_documento: '03',
        cliente_documento: nextDni(),
        cliente_datos: 'TARDE',
        productos: [{ id_producto: p.id_producto, cantidad: 1 }],
      });
    expect(late.status).toBe(422);
    expect((await t.dataSource.query(`SELECT correlativo FROM series WHERE id_empresa = $1 AND serie = 'B001'`, [empresaId]))[0].correlativo).toBe(50);
  });

  // [name, lines [precio_unitario, cantidad, afectación], total, op_gravadas, igv, op_exoneradas, op_inafectas] computed by hand:
  // per line (issue 17): line total = round(precio x cantidad, 2); base = round(line total / 1.18, 2); igv = line total - base;
  // the sale's amounts are the sums of its lines.
  const TABLE: Array<[string, Array<[number, number, string]>, string, string, string, string, string]> = [
    [
      '0.1 + 0.2 in two lines',
      [
        [0.1, 1, '10'],
        [0.2, 1, '10'],
      ],
      '0.30',
      '0.25',
      '0.05',
      '0.00',
      '0.00',
    ],
    ['0.1 x 3', [[0.1, 3, '10']], '0.30', '0.25', '0.05', '0.00', '0.00'],
    ['1.15 x 3 (3.4499999… in floats)', [[1.15, 3, '10']], '3.45', '2.92', '0.53', '0.00', '0.00'],
    ['19.99 x 3', [[19.99, 3, '10']], '59.97', '50.82', '9.15', '0.00', '0.00'],
    ['3-decimal quantity 12.99 x 1.255 = 16.30245', [[12.99, 1.255, '10']], '16.30', '13.81', '2.49', '0.00', '0.00'],
    ['half-up: 0.25 x 0.5 = 0.125', [[0.25, 0.5, '10']], '0.13', '0.11', '0.02', '0.00', '0.00'],
    [
      // Issue 17: each line rounded on its own (0.33633 -> 0.34 = 0.29 + 0.05), the header sums the lines.
      'lines rounded, header = sum of lines: 3 x (1.01 x 0.333)',
      [
        [1.01, 0.333, '10'],
        [1.01, 0.333, '10'],
        [1.01, 0.333, '10'],
      ],
      '1.02',
      '0.87',
      '0.15',
      '0.00',
      '0.00',
    ],
    ['large quantity 0.01 x 99,999,999', [[0.01, 99_999_999, '10']], '999999.99', '847457.62', '152542.37', '0.00', '0.00'],
    ['large amount 9,999,999.99 x 100', [[9_999_999.99, 100, '10']], '999999999.00', '847457626.27', '152542372.73', '0.00', '0.00'],
    [
      'gravado + exonerado',
      [
        [100, 1, '10'],
        [33.33, 1, '20'],
      ],
      '133.33',
      '84.75',
      '15.25',
      '33.33',
      '0.00',
    ],
    [
      'inafecto 0.1 + 0.2',
      [
        [0.1, 1, '30'],
        [0.2, 1, '30'],
      ],
      '0.30',
      '0.00',
      '0.00',
      '0.00',
      '0.30',
    ],
  ];

  it.each(TABLE)('%s', async (_name, lines, total, gravadas, igv, exoneradas, inafectas) => {
    const v = await createVenta(t, user, {
      productos: lines.map(([precio_unitario, cantidad, tipo_afectacion_igv]) => ({ descripcion: 'ITEM', precio_unitario, cantidad, tipo_afectacion_igv })),
    });
    const [row] = await t.dataSource.query(
      'SELECT total::text, op_gravadas::text, igv::text, op_exoneradas::text, op_inafectas::text, subtotal::text FROM ventas WHERE id_venta = $1',
      [v.id_venta],
    );
    const subtotal = (Math.round((Number(gravadas) + Number(exoneradas) + Number(inafectas)) * 100) / 100).toFixed(2);
    expect(row).toEqual({ total, op_gravadas: gravadas, igv, op_exoneradas: exoneradas, op_inafectas: inafectas, subtotal });
    expect(v.total).toBe(Number(total));
  });

  it('refuses a total beyond 999,999,999.99 (the XML amount-in-words limit) with a 422, not a 500', async () => {
    for (const [precio_unitario, cantidad] of [
      [9_999_999.99, 1000],
      [99_999_999, 99_999_999],
      [1_000_000_000 / 1000, 1000.001],
    ]) {
      const res = await request(t.http)
        .post('/api/ventas')
        .set(bearer(user.token))
        .send({
          tipo_documento: '03',
          cliente_documento: nextDni(),
          cliente_datos: 'X',
          productos: [{ descripcion: 'x', cantidad, precio_unitario }],
        });
      expect({ status: res.status, errors: res.body.errors }).toEqual({
        status: 422,
        errors: { productos: ['El total de la venta excede el máximo permitido.'] },
      });
    }
  });
});
