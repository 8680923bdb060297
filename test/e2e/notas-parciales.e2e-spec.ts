import request from 'supertest';
import { inspectPdf } from '../../src/reportes/testing/pdf-inspect';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createProducto, createUserSession, nextRuc } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

jest.setTimeout(300_000);

/**
 * Issue 19: partial credit notes, debit notes with items, notes of sales with every affectation.
 * Each note is created (signed, checked by SUNAT's rules in the service), its stored XML is XSD-valid with 0
 * errors from SUNAT's rules and a verified signature, the simulator accepts it, and its amounts equal the
 * table below, computed by hand (IGV 18 %). The sale of every partial case is the same factura:
 *   L1 catalogue product 118.00 x 4 = 472.00 -> 400.00 + 72.00
 *   L2 59.00 x 2 = 118.00 -> 100.00 + 18.00
 *   L3 exonerado 50.00 x 3 = 150.00
 *   total 740.00 (op_gravadas 500.00, op_exoneradas 150.00, igv 90.00).
 * A part of a line is the line scaled (value rounded to cents, the tax takes what is left of the amount);
 * an amount over the sale is spread over what remains of each line in proportion, to the cent (largest remainder).
 */
type Body = Record<string, unknown>;
interface Caso {
  /** Builds the note body from the sale's line ids [L1, L2, L3]. */
  body: (ids: number[]) => Body;
  montos: { monto_subtotal: number; monto_igv: number; monto_total: number };
  saldo: number;
  xml?: string[];
  /** Units of the L1 product back in stock once SUNAT accepts the note. */
  devuelto: number;
}

const CASOS: Array<[string, string, Caso]> = [
  [
    // L1: 1/4 of 472.00 = 118.00 -> 100.00 + 18.00; L3: 2/3 of 150.00 = 100.00
    '07 return per item: 1 of L1 and 2 of L3 (stock back)',
    '07',
    {
      body: ([l1, , l3]) => ({
        items: [
          { id_detalle: l1, cantidad: 1 },
          { id_detalle: l3, cantidad: 2 },
        ],
      }),
      montos: { monto_subtotal: 200, monto_igv: 18, monto_total: 218 },
      saldo: 522,
      devuelto: 1,
      xml: ['<cbc:CreditedQuantity', '>1</cbc:CreditedQuantity>', '>2</cbc:CreditedQuantity>', '>9997</cbc:ID>'],
    },
  ],
  [
    // L2: 11.80 of 118.00 -> value 100.00 x 0.1 = 10.00, IGV 1.80
    '05 discount per item: 11.80 off L2',
    '05',
    {
      body: ([, l2]) => ({ items: [{ id_detalle: l2, monto: 11.8 }] }),
      montos: { monto_subtotal: 10, monto_igv: 1.8, monto_total: 11.8 },
      saldo: 728.2,
      devuelto: 0,
    },
  ],
  [
    // 74.00 over 472 / 118 / 150: 47.20 (40.00 + 7.20), 11.80 (10.00 + 1.80), 15.00
    '04 global discount: 74.00',
    '04',
    { body: () => ({ monto: 74 }), montos: { monto_subtotal: 65, monto_igv: 9, monto_total: 74 }, saldo: 666, devuelto: 0 },
  ],
  [
    // 100.00 over 472 / 118 / 150 in cents: 6378.38 / 1594.59 / 2027.03 -> floors 6378, 1594, 2027 (9999), the
    // cent left to L2 (largest fraction): 63.78 (54.05 + 9.73), 15.95 (13.52 + 2.43), 20.27
    '09 decrease in value: 100.00',
    '09',
    { body: () => ({ monto: 100 }), montos: { monto_subtotal: 87.84, monto_igv: 12.16, monto_total: 100 }, saldo: 640, devuelto: 0 },
  ],
  [
    // 7.40: 4.72 (4.00 + 0.72), 1.18 (1.00 + 0.18), 1.50
    '10 other concepts: 7.40',
    '10',
    { body: () => ({ monto: 7.4 }), montos: { monto_subtotal: 6.5, monto_igv: 0.9, monto_total: 7.4 }, saldo: 732.6, devuelto: 0 },
  ],
];

const fecha = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

describe('Notas parciales (issue 19): partial credit notes, debit notes with items, every affectation', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresaId: number;
  let productoId: number;
  const motivo: Record<'NC' | 'ND', Record<string, number>> = { NC: {}, ND: {} };

  const post = (path: string, body: Body) => request(t.http).post(path).set(bearer(user.token)).send(body);
  const get = (path: string) => request(t.http).get(path).set(bearer(user.token));

  /** A factura accepted by the simulator; returns its id and line ids. */
  async function factura(body: Body): Promise<{ id: number; lineas: number[]; total: number }> {
    const res = await post('/api/ventas', { tipo_documento: '01', cliente_documento: nextRuc(), cliente_datos: 'CLIENTE NOTAS S.A.C.', ...body });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    expect(res.body.data.saldo).toBe(res.body.data.total);
    const sent = await post(`/api/ventas/${res.body.data.id_venta}/enviar`, {});
    expect(sent.body.success).toBe(true);
    return { id: res.body.data.id_venta, lineas: res.body.data.productosVentas.map((l: { id: number }) => l.id), total: res.body.data.total };
  }
  const ventaMultilinea = () =>
    factura({
      productos: [
        { id_producto: productoId, cantidad: 4 },
        { descripcion: 'SERVICIO TÉCNICO', cantidad: 2, precio_unitario: 59 },
        { descripcion: 'LIBRO EXONERADO', cantidad: 3, precio_unitario: 50, tipo_afectacion_igv: '20' },
      ],
    });

  /** Creates the note, checks its XML as SUNAT would, sends it (accepted) and returns it. */
  async function notaAceptada(ruta: 'notas-credito' | 'notas-debito', body: Body, fragments: string[] = []) {
    const res = await post(`/api/${ruta}`, body);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    const nota = res.body.data;
    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, nota.nombre_xml.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, nota.nombre_xml, ruta === 'notas-credito' ? 'creditNote' : 'debitNote', ruta === 'notas-credito' ? '07' : '08')).toEqual(
      SUNAT_VALID,
    );
    for (const f of fragments) expect(xml).toContain(f);
    // A partial or itemised note shows (and prints) its own lines: one per XML line, adding up to its total.
    if (nota.parcial && nota.monto_total > 0) {
      expect(nota.lineas).toHaveLength(xml.split(ruta === 'notas-credito' ? '<cac:CreditNoteLine>' : '<cac:DebitNoteLine>').length - 1);
      expect(Math.round(nota.lineas.reduce((a: number, l: { total: number }) => a + l.total * 100, 0))).toBe(Math.round(nota.monto_total * 100));
    }
    expect(xml).toContain(`<cbc:PayableAmount currencyID="PEN">${Number(nota.monto_total).toFixed(2)}</cbc:PayableAmount>`);
    const sent = await post(`/api/${ruta}/${nota.id}/enviar`, {});
    expect({ status: sent.status, success: sent.body.success, codigo: sent.body.codigo }).toEqual({ status: 200, success: true, codigo: '0' });
    return { nota, xml };
  }
  const venta = async (id: number) => (await get(`/api/ventas/${id}`)).body.data;
  /** The sale's saldo as GET /api/ventas/{id} shows it. */
  const saldo = async (id: number) => (await venta(id)).saldo as number;
  const stock = async () => Number((await t.dataSource.query(`SELECT stock FROM productos WHERE id_producto = $1`, [productoId]))[0].stock);

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.edit', 'productos.view', 'productos.create']);
    productoId = (await createProducto(t, user, { codigo: 'P-NOTAS', nombre: 'TECLADO', precio: 118, stock: 100 })).id_producto;
    for (const [tipo, ruta] of [
      ['NC', 'notas-credito'],
      ['ND', 'notas-debito'],
    ] as const) {
      for (const m of (await get(`/api/${ruta}/motivos`)).body.data) motivo[tipo][m.codigo_sunat] = m.id;
    }
  });
  afterAll(() => t.close());

  it('catálogos 09 (01-13) and 10 (01, 02, 03, 11, 12 and the service 04) are offered', () => {
    expect(Object.keys(motivo.NC).sort()).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13']);
    expect(Object.keys(motivo.ND).sort()).toEqual(['01', '02', '03', '04', '11', '12']);
  });

  it.each(CASOS)('%s: XSD, 0 rule errors, signed, accepted; the sale stays and its saldo follows', async (_n, codigo, caso) => {
    const v = await ventaMultilinea();
    expect(v.total).toBe(740);
    const antes = await stock();
    const { nota } = await notaAceptada('notas-credito', { id_venta: v.id, motivo_id: motivo.NC[codigo], ...caso.body(v.lineas) }, caso.xml);
    expect(nota).toMatchObject({ ...caso.montos, parcial: true, estado: 'pendiente' });
    if (codigo === '07') {
      expect(nota.lineas).toEqual([
        { cantidad: 1, unidad: 'NIU', codigo: 'P-NOTAS', descripcion: 'TECLADO', tipo_afectacion_igv: '10', precio_unitario: 118, total: 118 },
        { cantidad: 2, unidad: 'NIU', codigo: 'P001', descripcion: 'LIBRO EXONERADO', tipo_afectacion_igv: '20', precio_unitario: 50, total: 100 },
      ]);
      const pdf = await get(`/reporte/nota-credito/${nota.id}`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      const { flat } = inspectPdf(pdf.body as Buffer);
      expect(flat).toContain('LIBRO EXONERADO');
      expect(flat).not.toContain('SERVICIO TÉCNICO');
    }
    const despues = await venta(v.id);
    expect({ estado: despues.estado, estado_sunat: despues.estado_sunat }).toEqual({ estado: '1', estado_sunat: '1' });
    expect(await saldo(v.id)).toBe(caso.saldo);
    expect(await stock()).toBe(antes + caso.devuelto);
  });

  it('13 new instalments of a credit sale: zero amounts, FormaPago Credito with the cuotas; saldo unchanged', async () => {
    const v = await factura({
      forma_pago: 'Credito',
      cuotas: [{ monto: 236, fecha_vencimiento: fecha(30) }],
      productos: [{ descripcion: 'EQUIPO', cantidad: 2, precio_unitario: 118 }],
    });
    const excede = await post('/api/notas-credito', { id_venta: v.id, motivo_id: motivo.NC['13'], cuotas: [{ monto: 236.01, fecha_vencimiento: fecha(45) }] });
    expect({ status: excede.status, errors: excede.body.errors }).toEqual({
      status: 422,
      errors: { cuotas: ['Las cuotas exceden el saldo de la venta (236.00).'] },
    });
    const vencida = await post('/api/notas-credito', { id_venta: v.id, motivo_id: motivo.NC['13'], cuotas: [{ monto: 236, fecha_vencimiento: fecha(-1) }] });
    expect({ status: vencida.status, errors: vencida.body.errors }).toEqual({
      status: 422,
      errors: { 'cuotas.0.fecha_vencimiento': ['La fecha de vencimiento de la cuota debe ser posterior a la emisión de la nota.'] },
    });
    const cuotas = [
      { monto: 118, fecha_vencimiento: fecha(45) },
      { monto: 118, fecha_vencimiento: fecha(75) },
    ];
    const { nota } = await notaAceptada('notas-credito', { id_venta: v.id, motivo_id: motivo.NC['13'], cuotas }, [
      '<cbc:PaymentMeansID>Credito</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">236.00</cbc:Amount>',
      `<cbc:PaymentMeansID>Cuota002</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">118.00</cbc:Amount><cbc:PaymentDueDate>${fecha(75)}</cbc:PaymentDueDate>`,
    ]);
    expect(nota).toMatchObject({ monto_subtotal: 0, monto_igv: 0, monto_total: 0, parcial: true, cuotas });
    expect(await saldo(v.id)).toBe(236);
    expect((await venta(v.id)).estado).toBe('1');
  });

  it('a whole-sale note (SPEC body, motivo 01) still annuls the sale; saldo 0', async () => {
    const v = await ventaMultilinea();
    const { nota } = await notaAceptada('notas-credito', { id_venta: v.id, motivo_id: motivo.NC['01'] });
    expect(nota).toMatchObject({ monto_subtotal: 650, monto_igv: 90, monto_total: 740, parcial: false });
    expect(await venta(v.id)).toMatchObject({ estado: '2', estado_sunat: '2' });
    expect(await saldo(v.id)).toBe(0);
  });

  it('refuses notes over what remains (422 naming the field), and whole/partial notes that would overlap', async () => {
    const v = await ventaMultilinea();
    const [l1, l2, l3] = v.lineas;
    await notaAceptada('notas-credito', { id_venta: v.id, motivo_id: motivo.NC['07'], items: [{ id_detalle: l1, cantidad: 3 }] });
    const casos: Array<[Body, string, string]> = [
      [
        { motivo_id: motivo.NC['07'], items: [{ id_detalle: l1, cantidad: 2 }] },
        'items.0.cantidad',
        'Excede la cantidad que queda por devolver de la línea (1).',
      ],
      [{ motivo_id: motivo.NC['05'], items: [{ id_detalle: l2, monto: 118.01 }] }, 'items.0.monto', 'Excede lo que queda por acreditar de la línea (118.00).'],
      // 740.00 - 354.00 returned = 386.00 left
      [{ motivo_id: motivo.NC['04'], monto: 386.01 }, 'monto', 'La nota excede lo que queda por acreditar de la venta (386.00).'],
      [{ motivo_id: motivo.NC['07'], items: [{ id_detalle: 999999, cantidad: 1 }] }, 'items.0.id_detalle', 'La línea no pertenece a la venta.'],
      [
        { motivo_id: motivo.NC['04'], items: [{ id_detalle: l3, cantidad: 1 }] },
        'items',
        'El motivo 04 no admite items (devolución por ítem: 07; descuento por ítem: 05).',
      ],
      [{ motivo_id: motivo.NC['07'], monto: 10 }, 'monto', 'El motivo 07 no admite monto.'],
      [{ motivo_id: motivo.NC['11'] }, 'monto', 'El motivo 11 requiere monto.'],
      [{ motivo_id: motivo.NC['11'], monto: 10 }, 'motivo_id', 'La venta no tiene líneas de exportación (40).'],
      [
        { motivo_id: motivo.NC['13'], cuotas: [{ monto: 10, fecha_vencimiento: fecha(30) }] },
        'motivo_id',
        'El motivo 13 ajusta las cuotas de una venta al crédito (forma_pago Credito).',
      ],
      [{ motivo_id: motivo.NC['01'] }, 'id_venta', 'La venta ya tiene notas de crédito parciales; emita otra nota parcial por lo que queda.'],
    ];
    for (const [body, campo, mensaje] of casos) {
      const res = await post('/api/notas-credito', { id_venta: v.id, ...body });
      expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { [campo]: [mensaje] } });
    }
    // What remains can still be credited to the cent: the rest of L1 (118.00) and all of L2 and L3 (268.00).
    await notaAceptada('notas-credito', { id_venta: v.id, motivo_id: motivo.NC['04'], monto: 386 });
    expect(await saldo(v.id)).toBe(0);
    expect((await venta(v.id)).estado).toBe('1');

    const otra = await ventaMultilinea();
    expect((await post('/api/notas-credito', { id_venta: otra.id, motivo_id: motivo.NC['03'] })).status).toBe(201);
    const parcial = await post('/api/notas-credito', { id_venta: otra.id, motivo_id: motivo.NC['04'], monto: 10 });
    expect({ status: parcial.status, errors: parcial.body.errors }).toEqual({
      status: 422,
      errors: { id_venta: ['La venta ya tiene una nota de crédito por el total (pendiente o aceptada).'] },
    });
  });

  it('a sale with ISC, a free line, exonerada and ICBPER: whole-sale and partial notes accepted with every tax', async () => {
    // 236 ISC 01 10 % -> 181.82 + ISC 18.18 + IGV 36.00; free 13: 59 x 2 -> 100.00 (IGV 18.00 not charged);
    // exonerado 50.00; 0.10 x 3 bags -> 0.25 + 0.05 + ICBPER 1.50. Total 236 + 50 + 0.30 + 1.50 = 287.80
    const productos = [
      { descripcion: 'LICOR', cantidad: 1, precio_unitario: 236, isc: { sistema: '01', tasa: 10 } },
      { descripcion: 'MUESTRA GRATIS', cantidad: 2, precio_unitario: 59, tipo_afectacion_igv: '13' },
      { descripcion: 'LIBRO', cantidad: 1, precio_unitario: 50, tipo_afectacion_igv: '20' },
      { descripcion: 'BOLSA', cantidad: 3, precio_unitario: 0.1, icbper: true },
    ];
    const a = await factura({ productos });
    expect(a.total).toBe(287.8);
    const { nota: total } = await notaAceptada('notas-credito', { id_venta: a.id, motivo_id: motivo.NC['06'] }, [
      '<cbc:Note languageLocaleID="1002">',
      '<cbc:TierRange>01</cbc:TierRange>',
      '>9996</cbc:ID>',
      '>9997</cbc:ID>',
      '<cbc:PerUnitAmount currencyID="PEN">0.50</cbc:PerUnitAmount>',
    ]);
    expect(total.monto_total).toBe(287.8);
    expect(await venta(a.id)).toMatchObject({ estado: '2' });
    expect(await saldo(a.id)).toBe(0);

    // Return one free sample, the book and 2 bags: 0 + 50.00 + (0.17 + 0.03 + ICBPER 1.00) = 51.20
    const b = await factura({ productos });
    const [lineaIsc, gratis, libro, bolsa] = b.lineas;
    const { nota } = await notaAceptada(
      'notas-credito',
      {
        id_venta: b.id,
        motivo_id: motivo.NC['07'],
        items: [
          { id_detalle: gratis, cantidad: 1 },
          { id_detalle: libro, cantidad: 1 },
          { id_detalle: bolsa, cantidad: 2 },
        ],
      },
      ['<cbc:BaseUnitMeasure unitCode="NIU">2</cbc:BaseUnitMeasure>', '<cbc:Note languageLocaleID="1002">'],
    );
    expect(nota).toMatchObject({ monto_subtotal: 50.17, monto_igv: 1.03, monto_total: 51.2 });
    expect(await saldo(b.id)).toBe(236.6);
    // ISC credited by value: 23.60 of the 236.00 line -> 18.18 + ISC 1.82 + IGV 3.60
    const { nota: isc } = await notaAceptada('notas-credito', { id_venta: b.id, motivo_id: motivo.NC['05'], items: [{ id_detalle: lineaIsc, monto: 23.6 }] }, [
      '<cbc:TierRange>01</cbc:TierRange>',
    ]);
    expect(isc).toMatchObject({ monto_subtotal: 18.18, monto_igv: 5.42, monto_total: 23.6 });
    expect(await saldo(b.id)).toBe(213);
    expect((await venta(b.id)).estado).toBe('1');
  });

  it('an IVAP sale (17 only): reason 12 adjusts its IVAP lines and a return credits base and IVAP', async () => {
    // 104 x 2 = 208.00 -> 200.00 + 8.00; 52.00 -> 50.00 + 2.00; total 260.00
    const v = await factura({
      productos: [
        { descripcion: 'ARROZ PILADO', cantidad: 2, precio_unitario: 104, tipo_afectacion_igv: '17' },
        { descripcion: 'ARROZ PILADO EXTRA', cantidad: 1, precio_unitario: 52, tipo_afectacion_igv: '17' },
      ],
    });
    expect(v.total).toBe(260);
    // 26.00 over 208 / 52: 20.80 (20.00 + 0.80) and 5.20 (5.00 + 0.20)
    const { nota: ajuste } = await notaAceptada('notas-credito', { id_venta: v.id, motivo_id: motivo.NC['12'], monto: 26 }, [
      '<cbc:Note languageLocaleID="2007">',
      '>1016</cbc:ID>',
    ]);
    expect(ajuste).toMatchObject({ monto_subtotal: 25, monto_igv: 1, monto_total: 26 });
    // one of the two units of line 1: what remains of it is 187.20 for 2 -> 93.60 (90.00 + 3.60)
    // SUNAT 3230: every credit note of IVAP lines is a 12, returns included
    const otro = await post('/api/notas-credito', { id_venta: v.id, motivo_id: motivo.NC['07'], items: [{ id_detalle: v.lineas[0], cantidad: 1 }] });
    expect({ status: otro.status, errors: otro.body.errors }).toEqual({
      status: 422,
      errors: { motivo_id: ['Las líneas IVAP (tipo_afectacion_igv 17) van solo en notas del motivo 12 (Ajustes afectos al IVAP).'] },
    });
    const { nota: devolucion } = await notaAceptada('notas-credito', {
      id_venta: v.id,
      motivo_id: motivo.NC['12'],
      items: [{ id_detalle: v.lineas[0], cantidad: 1 }],
    });
    expect(devolucion).toMatchObject({ monto_subtotal: 90, monto_igv: 3.6, monto_total: 93.6 });
    expect(await saldo(v.id)).toBe(140.4);
  });

  it('a sale with line and global discounts: notes carry each line net of its share of the global discount', async () => {
    // line 1: 236 - 18 = 218.00 -> 184.75 + 33.25; line 2: 59.00 -> 50.00 + 9.00; global 11.80 -> 10.00 + 1.80:
    // gravadas 224.75, igv 40.45, total 265.20. Shares by value (184.75 / 50.00) to the cent: base 7.87 / 2.13,
    // IGV 1.42 / 0.38, so line 2 nets 47.87 + 8.62 = 56.49
    const productos = [
      { descripcion: 'ZAPATOS', cantidad: 2, precio_unitario: 118, descuento: 18 },
      { descripcion: 'MEDIAS', cantidad: 1, precio_unitario: 59 },
    ];
    const v = await factura({ productos, descuento_global: 11.8 });
    expect(v.total).toBe(265.2);
    const { nota } = await notaAceptada('notas-credito', { id_venta: v.id, motivo_id: motivo.NC['07'], items: [{ id_detalle: v.lineas[1], cantidad: 1 }] });
    expect(nota).toMatchObject({ monto_subtotal: 47.87, monto_igv: 8.62, monto_total: 56.49 });
    expect(await saldo(v.id)).toBe(208.71);
    const w = await factura({ productos, descuento_global: 11.8 });
    const { nota: total, xml } = await notaAceptada('notas-credito', { id_venta: w.id, motivo_id: motivo.NC['01'] });
    expect(total).toMatchObject({ monto_subtotal: 224.75, monto_igv: 40.45, monto_total: 265.2 });
    expect(xml).toContain(
      '<cac:TaxSubtotal><cbc:TaxableAmount currencyID="PEN">224.75</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">40.45</cbc:TaxAmount>',
    );
    expect(await venta(w.id)).toMatchObject({ estado: '2', saldo: 0 });
  });

  it('an export (0200, client with a passport): reason 11 credits and debits export lines', async () => {
    // 500.00 + 300.00 exported (40, no IGV)
    const v = await factura({
      tipo_operacion: '0200',
      cliente_documento: 'PB7654321',
      cliente_tipo_doc: '7',
      cliente_datos: 'JANE DOE',
      productos: [
        { descripcion: 'CAFÉ ORGÁNICO', cantidad: 10, precio_unitario: 50, tipo_afectacion_igv: '40' },
        { descripcion: 'CACAO', cantidad: 3, precio_unitario: 100, tipo_afectacion_igv: '40' },
      ],
    });
    expect(v.total).toBe(800);
    // 80.00 over 500 / 300: 50.00 and 30.00
    const { nota } = await notaAceptada('notas-credito', { id_venta: v.id, motivo_id: motivo.NC['11'], monto: 80 }, ['>9995</cbc:ID>']);
    expect(nota).toMatchObject({ monto_subtotal: 80, monto_igv: 0, monto_total: 80 });
    const { nota: debito } = await notaAceptada('notas-debito', { id_venta: v.id, motivo_id: motivo.ND['11'], monto_total: 25 }, ['>9995</cbc:ID>']);
    expect(debito).toMatchObject({ monto_subtotal: 25, monto_igv: 0, monto_total: 25 });
    expect(await saldo(v.id)).toBe(745);
  });

  it('a debit note with items (gravado and exonerado) adds to the saldo', async () => {
    const v = await ventaMultilinea();
    // 118.00 -> 100.00 + 18.00; exonerado 20.00: 138.00
    const { nota } = await notaAceptada(
      'notas-debito',
      {
        id_venta: v.id,
        motivo_id: motivo.ND['02'],
        items: [
          { descripcion: 'FLETE', cantidad: 1, precio_unitario: 118 },
          { descripcion: 'SEGURO', cantidad: 2, precio_unitario: 10, tipo_afectacion_igv: '20' },
        ],
      },
      ['<cbc:DebitedQuantity', '>9997</cbc:ID>'],
    );
    expect(nota).toMatchObject({ monto_subtotal: 120, monto_igv: 18, monto_total: 138, parcial: true });
    expect(await saldo(v.id)).toBe(878);
    const ambos = await post('/api/notas-debito', {
      id_venta: v.id,
      motivo_id: motivo.ND['01'],
      monto_total: 5,
      items: [{ descripcion: 'X', cantidad: 1, precio_unitario: 1 }],
    });
    expect({ status: ambos.status, errors: ambos.body.errors }).toEqual({ status: 422, errors: { items: ['Envíe monto_total o items, no ambos.'] } });
  });
});
