import ExcelJS from 'exceljs';
import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createProducto, createUserSession } from '../support/factories';

/** Built in the test so no binary fixture is committed. */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Productos').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('Productos: leer-excel and importar-lista', () => {
  let t: TestApp;
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['productos.view', 'productos.create', 'productos.edit']);
  });
  afterAll(() => t.close());

  const counts = async () => {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM productos WHERE id_empresa = $1)::int AS productos,
              (SELECT count(*) FROM movimientos_stock WHERE id_empresa = $1)::int AS movimientos,
              (SELECT coalesce(sum(stock), 0)::text FROM productos WHERE id_empresa = $1) AS stock`,
      [empresaId],
    );
    return row;
  };
  const leer = (buffer: Buffer, name = 'productos.xlsx') =>
    request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).attach('archivo', buffer, name);
  const importar = (productos: unknown[]) => request(t.http).post('/api/productos/importar-lista').set(bearer(user.token)).send({ productos });

  it('leer-excel parses rows with per-row errors and writes nothing', async () => {
    const existente = await createProducto(t, user, { codigo: 'EXIST-1', stock: 3 });
    const before = await counts();
    const buffer = await xlsx([
      ['Código', 'Nombre', 'Descripción', 'Unidad', 'Precio', 'Costo', 'Stock', 'Tipo afectacion IGV', 'Columna libre'],
      ['NEW-1', 'CUADERNO A4', 'Rayado', 'NIU', 4.5, 3.2, 100, 10, 'ignorada'],
      ['EXIST-1', 'ACTUALIZADO', null, null, '12,50', null, 7, '20', null],
      [],
      ['NEW-2', 'SIN PRECIO', null, null, null, null, null, null, null],
      ['NEW-3', 'PRECIO MALO', null, null, 1.234, null, -1, '99', null],
      ['NEW-1', 'REPETIDO', null, null, 1, null, null, null, null],
      ['SERV-1', 'INSTALACIÓN', null, 'zz', { formula: '0.1+0.2', result: 0.30000000000000004 }, null, null, null, null],
    ]);
    const res = await leer(buffer).expect(201);
    expect(res.body.success).toBe(true);
    expect(res.body.resumen).toEqual({ total: 6, validas: 3, con_errores: 3 });
    const [nuevo, actualizar, sinPrecio, malo, repetido, servicio] = res.body.data;
    expect(nuevo).toEqual({
      fila: 2,
      codigo: 'NEW-1',
      nombre: 'CUADERNO A4',
      descripcion: 'Rayado',
      unidad: 'NIU',
      precio: 4.5,
      costo: 3.2,
      stock: 100,
      tipo_afectacion_igv: '10',
      accion: 'crear',
      errores: {},
    });
    expect(actualizar).toMatchObject({ fila: 3, codigo: 'EXIST-1', precio: 12.5, stock: 7, accion: 'actualizar', errores: {} });
    expect(sinPrecio.fila).toBe(5);
    expect(Object.keys(sinPrecio.errores)).toEqual(['precio']);
    expect(malo.fila).toBe(6);
    expect(Object.keys(malo.errores).sort()).toEqual(['precio', 'stock', 'tipo_afectacion_igv']);
    expect(repetido).toMatchObject({ fila: 7, errores: { codigo: ['El código NEW-1 ya figura en la fila 2.'] } });
    expect(servicio).toMatchObject({ fila: 8, unidad: 'zz', precio: 0.3, errores: {} });
    expect(await counts()).toEqual(before);
    expect((await t.dataSource.query('SELECT nombre FROM productos WHERE id_producto = $1', [existente.id_producto]))[0].nombre).not.toBe('ACTUALIZADO');
  });

  it('leer-excel refuses what is not a usable .xlsx (422 on archivo)', async () => {
    expect((await leer(Buffer.from('codigo,nombre,precio\nA,B,1'), 'p.csv').expect(422)).body.errors.archivo).toEqual(['El archivo debe ser un Excel .xlsx.']);
    expect(
      (
        await leer(
          await xlsx([
            ['codigo', 'descripcion'],
            ['A', 'B'],
          ]),
        ).expect(422)
      ).body.errors.archivo,
    ).toEqual(['Faltan columnas: nombre, precio.']);
    expect((await request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).expect(422)).body.errors.archivo).toBeDefined();
  });

  it('importar-lista rejects the whole list when one row is bad, naming the row, and writes nothing', async () => {
    const before = await counts();
    const res = await importar([
      { fila: 2, codigo: 'IMP-1', nombre: 'BUENO', precio: 1, stock: 5 },
      { fila: 3, codigo: 'IMP-2', nombre: 'BUENO TAMBIÉN', precio: 2 },
      { fila: 4, codigo: 'IMP-3', nombre: 'MALO', precio: -5 },
      { fila: 5, codigo: 'IMP-1', nombre: 'REPETIDO', precio: 1 },
    ]).expect(422);
    expect(res.body).toMatchObject({ success: false, message: 'Los datos enviados no son válidos.', filas: [4, 5] });
    expect(Object.keys(res.body.errors).sort()).toEqual(['productos.2.precio', 'productos.3.codigo']);
    expect(res.body.errors['productos.3.codigo']).toEqual(['Fila 5: El código IMP-1 ya figura en la fila 2.']);
    expect(res.body.errors['productos.2.precio'][0]).toMatch(/^Fila 4: /);
    expect(await counts()).toEqual(before);
    // unknown fields are a row error too, and without fila the position (1-based) names the row
    const unknown = await importar([{ codigo: 'IMP-9', nombre: 'X', precio: 1, id_empresa: 1 }]).expect(422);
    expect(unknown.body).toMatchObject({ filas: [1], errors: { 'productos.0.id_empresa': [expect.stringMatching(/^Fila 1: /)] } });
    await importar([]).expect(422);
  });

  it('importar-lista rolls back rows already written when a later row fails while writing', async () => {
    const conStock = await createProducto(t, user, { codigo: 'STK-1', stock: 3 });
    const before = await counts();
    // Valid on its own; only the stored stock (3) makes turning it into a service (ZZ) wrong.
    const res = await importar([
      { fila: 2, codigo: 'OK-1', nombre: 'SE ESCRIBE PRIMERO', precio: 1, stock: 6 },
      { fila: 3, codigo: 'STK-1', nombre: 'AHORA SERVICIO', precio: 1, unidad: 'ZZ' },
    ]).expect(422);
    expect(res.body).toMatchObject({ filas: [3], errors: { 'productos.1.stock': ['Fila 3: Los servicios (unidad ZZ) no llevan stock.'] } });
    expect(await counts()).toEqual(before);
    expect((await t.dataSource.query('SELECT unidad, nombre FROM productos WHERE id_producto = $1', [conStock.id_producto]))[0].unidad).toBe('NIU');
    expect(await t.dataSource.query(`SELECT 1 FROM productos WHERE codigo = 'OK-1'`)).toEqual([]);
  });

  it('importar-lista accepts what leer-excel answered: creates and updates in one go, stock changes as movements', async () => {
    const existente = await createProducto(t, user, { codigo: 'UPD-1', nombre: 'ANTIGUO', precio: 9, stock: 3 });
    const buffer = await xlsx([
      ['codigo', 'nombre', 'precio', 'stock', 'unidad'],
      ['UPD-1', 'NUEVO NOMBRE', 9.9, 10, 'NIU'],
      ['CRE-1', 'CREADO', 1.5, 4, null],
      ['CRE-2', 'SIN STOCK', 2, null, 'ZZ'],
    ]);
    const leidas = (await leer(buffer).expect(201)).body.data;
    expect(leidas.map((f: { accion: string }) => f.accion)).toEqual(['actualizar', 'crear', 'crear']);
    const res = await importar(leidas).expect(201);
    expect(res.body).toMatchObject({ success: true, data: { creados: 2, actualizados: 1 } });

    const rows = await t.dataSource.query(
      `SELECT codigo, nombre, precio::text, stock::text, unidad FROM productos WHERE id_empresa = $1 AND codigo IN ('UPD-1', 'CRE-1', 'CRE-2') ORDER BY codigo`,
      [empresaId],
    );
    expect(rows).toEqual([
      { codigo: 'CRE-1', nombre: 'CREADO', precio: '1.50', stock: '4.0000000000', unidad: 'NIU' },
      { codigo: 'CRE-2', nombre: 'SIN STOCK', precio: '2.00', stock: '0.0000000000', unidad: 'ZZ' },
      { codigo: 'UPD-1', nombre: 'NUEVO NOMBRE', precio: '9.90', stock: '10.0000000000', unidad: 'NIU' },
    ]);
    const movs = await t.dataSource.query(
      `SELECT p.codigo, m.tipo, m.cantidad::text, m.stock_resultante::text, m.motivo FROM movimientos_stock m JOIN productos p USING (id_producto)
       WHERE p.codigo IN ('UPD-1', 'CRE-1') AND m.id_empresa = $1 ORDER BY m.id`,
      [empresaId],
    );
    expect(movs).toEqual([
      { codigo: 'UPD-1', tipo: 'ingreso', cantidad: '3.0000000000', stock_resultante: '3.0000000000', motivo: 'Stock inicial' },
      { codigo: 'UPD-1', tipo: 'ingreso', cantidad: '7.0000000000', stock_resultante: '10.0000000000', motivo: 'Importación de productos' },
      { codigo: 'CRE-1', tipo: 'ingreso', cantidad: '4.0000000000', stock_resultante: '4.0000000000', motivo: 'Importación de productos' },
    ]);
    expect((await request(t.http).get(`/api/productos/${existente.id_producto}`).set(bearer(user.token)).expect(200)).body.data.precio).toBe(9.9);
  });
});
