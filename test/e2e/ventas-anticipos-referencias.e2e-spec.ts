import request from 'supertest';
import { inspectPdf } from '../../src/reportes/testing/pdf-inspect';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, nextRuc } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

jest.setTimeout(300_000);

/**
 * Issue 18 part B: references (guides, purchase order, catálogo 12 documents), advance invoices and the final
 * invoice deducting them, and a sale in EUR. Each document is XSD-valid with 0 errors from SUNAT's rules and a
 * verified signature, the simulator accepts it, and its amounts equal this table (IGV 18 %, prices with IGV):
 *
 * | sale                                         | lines (value + IGV) | deducted (monto = base + IGV) | stored gravadas / igv / total | XML TaxTotal | LineExt / TaxIncl / Prepaid / Payable |
 * | advance A: 590 x 1                           | 500.00 + 90.00      | -                             | 500.00 / 90.00 / 590.00       | 500 / 90     | 500 / 590 / - / 590                   |
 * | final: 1180 x 1, deducts all of A            | 1000.00 + 180.00    | 590.00 = 500.00 + 90.00       | 500.00 / 90.00 / 590.00       | 500 / 90     | 1000 / 1180 / 590 / 590               |
 * | advance B: 236 x 1                           | 200.00 + 36.00      | -                             | 200.00 / 36.00 / 236.00       |              |                                       |
 * | partial 1: 354 x 1, deducts 118 of B         | 300.00 + 54.00      | 118.00 = 100.00 + 18.00       | 200.00 / 36.00 / 236.00       | 200 / 36     | 300 / 354 / 118 / 236                 |
 * | partial 2: 118 x 2, deducts the rest of B    | 200.00 + 36.00      | 118.00 = (200.00-100.00) + 18 | 100.00 / 18.00 / 118.00       | 100 / 18     | 200 / 236 / 118 / 118                 |
 * | references: 118 x 1, two guides and an order | 100.00 + 18.00      | -                             | 100.00 / 18.00 / 118.00       |              |                                       |
 * | EUR: 236 x 1, tipo_cambio 4.05               | 200.00 + 36.00      | -                             | 200.00 / 36.00 / 236.00 EUR   |              |                                       |
 */
type Body = Record<string, unknown>;

describe('Ventas: advances, references and currencies (issue 18 part B)', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresaId: number;
  const cliente = { cliente_documento: nextRuc(), cliente_datos: 'CONSTRUCTORA ANTICIPOS S.A.C.' };

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete']);
  });
  afterAll(() => t.close());

  const post = (body: Body) =>
    request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({ tipo_documento: '01', ...cliente, ...body });
  const linea = (precio_unitario: number, cantidad = 1, descripcion = 'AVANCE DE OBRA') => ({
    descripcion,
    precio_unitario,
    cantidad,
    tipo_afectacion_igv: '10',
  });

  /** Creates, checks the stored XML (XSD, SUNAT's rules, signature) and sends; returns the sale and its XML. */
  async function emitida(body: Body): Promise<{ venta: Record<string, unknown> & { id_venta: number; serie: string; numero: number }; xml: string }> {
    const res = await post(body);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    const venta = res.body.data;
    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, venta.nombre_xml.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, venta.nombre_xml, 'invoice', '01')).toEqual(SUNAT_VALID);
    expect(venta.observaciones).toEqual([]);
    const sent = await request(t.http).post(`/api/ventas/${venta.id_venta}/enviar`).set(bearer(user.token));
    expect({ status: sent.status, success: sent.body.success, codigo: sent.body.codigo }).toEqual({ status: 200, success: true, codigo: '0' });
    return { venta, xml };
  }

  const anticipo = (v: { serie: string; numero: number }, monto?: number) => ({
    tipo_documento: '01',
    serie: v.serie,
    numero: v.numero,
    ...(monto ? { monto } : {}),
  });
  const money = (tag: string, value: string, moneda = 'PEN') => `<cbc:${tag} currencyID="${moneda}">${value}</cbc:${tag}>`;
  /** The sale's printed PDF (A4, or '/ticket') as flat text. */
  async function pdfText(id: number, suffix = ''): Promise<string> {
    const pdf = await request(t.http)
      .get(`/reporteNV/${id}${suffix}`)
      .set(bearer(user.token))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    return inspectPdf(pdf.body as Buffer).flat;
  }

  it('an advance invoice, then the final invoice deducting it (PrepaidPayment, code 04, PrepaidAmount)', async () => {
    const a = await emitida({ es_anticipo: true, productos: [linea(590, 1, 'ANTICIPO 50% OBRA')] });
    expect(a.venta).toMatchObject({ es_anticipo: true, op_gravadas: 500, igv: 90, total: 590 });

    const f = await emitida({ productos: [linea(1180)], anticipos: [anticipo(a.venta)] });
    expect(f.venta).toMatchObject({ op_gravadas: 500, igv: 90, total: 590, total_anticipos: 590 });
    expect(f.venta.anticipos).toEqual([
      { id_venta: a.venta.id_venta, tipo_documento: '01', numero_completo: `${a.venta.serie}-${a.venta.numero}`, monto: 590, base: 500, igv: 90, codigo: '04' },
    ]);
    for (const fragment of [
      `<cbc:Note languageLocaleID="1000">SON QUINIENTOS NOVENTA CON 00/100 SOLES</cbc:Note>`,
      `<cac:AdditionalDocumentReference><cbc:ID>${a.venta.serie}-${a.venta.numero}</cbc:ID>`,
      'listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo12">02</cbc:DocumentTypeCode><cbc:DocumentStatusCode listAgencyName="PE:SUNAT" listName="Anticipo">1</cbc:DocumentStatusCode>',
      `<cac:PrepaidPayment><cbc:ID schemeAgencyName="PE:SUNAT" schemeName="Anticipo">1</cbc:ID>${money('PaidAmount', '590.00')}</cac:PrepaidPayment>`,
      `>04</cbc:AllowanceChargeReasonCode><cbc:MultiplierFactorNumeric>0.5</cbc:MultiplierFactorNumeric>${money('Amount', '500.00')}${money('BaseAmount', '1000.00')}`,
      `<cac:TaxTotal>${money('TaxAmount', '90.00')}<cac:TaxSubtotal>${money('TaxableAmount', '500.00')}${money('TaxAmount', '90.00')}`,
      `<cac:LegalMonetaryTotal>${money('LineExtensionAmount', '1000.00')}${money('TaxInclusiveAmount', '1180.00')}${money('PrepaidAmount', '590.00')}${money('PayableAmount', '590.00')}</cac:LegalMonetaryTotal>`,
    ]) {
      expect(f.xml).toContain(fragment);
    }
    const detalle = await request(t.http).get(`/api/ventas/${f.venta.id_venta}`).set(bearer(user.token));
    expect(detalle.body.data).toMatchObject({ estado_sunat: '1', total: 590, total_anticipos: 590, op_gravadas: 500 });
    const adelanto = await request(t.http).get(`/api/ventas/${a.venta.id_venta}`).set(bearer(user.token));
    expect(adelanto.body.data).toMatchObject({ es_anticipo: true, anticipo_deducido: 590, total: 590 });

    // Deducted in full: a second deduction is refused, naming the field.
    const otra = await post({ productos: [linea(1180)], anticipos: [anticipo(a.venta)] });
    expect({ status: otra.status, errors: otra.body.errors }).toEqual({
      status: 422,
      errors: { 'anticipos.0.numero': [`El anticipo ${a.venta.serie}-${a.venta.numero} ya fue deducido por completo.`] },
    });

    for (const suffix of ['', '/ticket']) {
      const flat = await pdfText(f.venta.id_venta, suffix);
      expect(flat).toContain(`Anticipos deducidos: ${a.venta.serie}-${a.venta.numero} S/ 590.00`);
      expect(flat).toContain('Importe total S/ 590.00');
    }
  });

  it('deducts an advance in two parts, never beyond what remains', async () => {
    const b = await emitida({ es_anticipo: true, productos: [linea(236, 1, 'ANTICIPO')] });
    const p1 = await emitida({ productos: [linea(354)], anticipos: [anticipo(b.venta, 118)] });
    expect(p1.venta).toMatchObject({ op_gravadas: 200, igv: 36, total: 236, total_anticipos: 118 });
    expect(p1.xml).toContain(`${money('Amount', '100.00')}${money('BaseAmount', '300.00')}`);
    expect(p1.xml).toContain(`${money('PrepaidAmount', '118.00')}${money('PayableAmount', '236.00')}`);
    const lista = await request(t.http)
      .get('/api/ventas')
      .query({ q: `${b.venta.serie}-${b.venta.numero}` })
      .set(bearer(user.token));
    expect(lista.body.data.find((v: { id_venta: number }) => v.id_venta === b.venta.id_venta)).toMatchObject({ anticipo_deducido: 118 });

    const excede = await post({ productos: [linea(354)], anticipos: [anticipo(b.venta, 200)] });
    expect({ status: excede.status, errors: excede.body.errors }).toEqual({
      status: 422,
      errors: { 'anticipos.0.monto': [`El monto excede lo que queda por deducir del anticipo ${b.venta.serie}-${b.venta.numero} (118.00).`] },
    });

    const p2 = await emitida({ productos: [linea(118, 2)], anticipos: [anticipo(b.venta)] });
    expect(p2.venta).toMatchObject({ op_gravadas: 100, igv: 18, total: 118, total_anticipos: 118 });
    expect(p2.xml).toContain(`${money('Amount', '100.00')}${money('BaseAmount', '200.00')}`);
  });

  it('two sales deducting the same advance at once: one deducts it, the other is refused; deleting the unsent one frees it', async () => {
    const c = await emitida({ es_anticipo: true, productos: [linea(118, 1, 'ANTICIPO')] });
    const [r1, r2] = await Promise.all([1, 2].map(() => post({ productos: [linea(236)], anticipos: [anticipo(c.venta)] })));
    const nombre = `${c.venta.serie}-${c.venta.numero}`;
    expect([r1.status, r2.status].sort()).toEqual([201, 422]);
    const [ok, refused] = r1.status === 201 ? [r1, r2] : [r2, r1];
    expect(refused.body.errors).toEqual({ 'anticipos.0.numero': [`El anticipo ${nombre} ya fue deducido por completo.`] });
    expect(ok.body.data).toMatchObject({ op_gravadas: 100, igv: 18, total: 118, total_anticipos: 118 });

    // The winner was never sent: deleting it gives the advance back, and a sale deducting it may not be edited.
    const edit = await request(t.http)
      .put(`/api/ventas/${ok.body.data.id_venta}`)
      .set(bearer(user.token))
      .send({ productos: [linea(236)] });
    expect({ status: edit.status, errors: edit.body.errors }).toEqual({
      status: 422,
      errors: { anticipos: ['Una venta que deduce anticipos no se edita; elimínela y emita otra.'] },
    });
    await request(t.http).delete(`/api/ventas/${ok.body.data.id_venta}`).set(bearer(user.token)).expect(200);
    const again = await post({ productos: [linea(236)], anticipos: [anticipo(c.venta)] });
    expect({ status: again.status, total: again.body.data?.total }).toEqual({ status: 201, total: 118 });
  });

  it('refuses an advance of another client, one not accepted and a sale that is no advance, naming the field', async () => {
    const otroCliente = { cliente_documento: nextRuc(), cliente_datos: 'OTRO CLIENTE S.A.C.' };
    const ajeno = await emitida({ ...otroCliente, es_anticipo: true, productos: [linea(118)] });
    const pendiente = await post({ es_anticipo: true, productos: [linea(118)] });
    expect(pendiente.status).toBe(201);
    const comun = await emitida({ productos: [linea(118)] });
    const casos: Array<[Body, string]> = [
      [ajeno.venta, `El anticipo ${ajeno.venta.serie}-${ajeno.venta.numero} es de otro cliente.`],
      [pendiente.body.data, `El anticipo ${pendiente.body.data.serie}-${pendiente.body.data.numero} no está aceptado por SUNAT.`],
      [comun.venta, `El comprobante ${comun.venta.serie}-${comun.venta.numero} no es un anticipo (es_anticipo).`],
    ];
    for (const [v, mensaje] of casos) {
      const res = await post({ productos: [linea(1180)], anticipos: [anticipo(v as { serie: string; numero: number })] });
      expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { 'anticipos.0.numero': [mensaje] } });
    }
  });

  it('a sale referencing two guides, a purchase order and another document (catálogo 12)', async () => {
    const { venta, xml } = await emitida({
      productos: [linea(118)],
      guias: [
        { tipo: '09', serie: 'T001', numero: 123 },
        { tipo: '31', serie: 'EG01', numero: 45 },
      ],
      orden_compra: 'OC-2025-0001',
      documentos_relacionados: [{ tipo: '99', numero: 'CONTRATO-77' }],
    });
    expect(venta).toMatchObject({
      op_gravadas: 100,
      igv: 18,
      total: 118,
      orden_compra: 'OC-2025-0001',
      guias: [
        { tipo: '09', serie: 'T001', numero: 123 },
        { tipo: '31', serie: 'EG01', numero: 45 },
      ],
      documentos_relacionados: [{ tipo: '99', numero: 'CONTRATO-77' }],
    });
    const tipoGuia = 'listAgencyName="PE:SUNAT" listName="Tipo de Documento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01"';
    expect(xml).toContain(
      '<cac:OrderReference><cbc:ID>OC-2025-0001</cbc:ID></cac:OrderReference>' +
        `<cac:DespatchDocumentReference><cbc:ID>T001-123</cbc:ID><cbc:DocumentTypeCode ${tipoGuia}>09</cbc:DocumentTypeCode></cac:DespatchDocumentReference>` +
        `<cac:DespatchDocumentReference><cbc:ID>EG01-45</cbc:ID><cbc:DocumentTypeCode ${tipoGuia}>31</cbc:DocumentTypeCode></cac:DespatchDocumentReference>` +
        '<cac:AdditionalDocumentReference><cbc:ID>CONTRATO-77</cbc:ID>',
    );
    const impreso = await pdfText(venta.id_venta);
    expect(impreso).toContain('Guías de remisión: T001-123, EG01-45');
    expect(impreso).toContain('Orden de compra: OC-2025-0001');
    expect(impreso).toContain('Documentos relacionados: CONTRATO-77');

    const repetida = await post({
      productos: [linea(118)],
      guias: [
        { tipo: '09', serie: 'T001', numero: 1 },
        { tipo: '09', serie: 'T001', numero: 1 },
      ],
    });
    expect({ status: repetida.status, errors: repetida.body.errors }).toEqual({
      status: 422,
      errors: { 'guias.1.numero': ['La guía ya figura en la lista (SUNAT 2364).'] },
    });
    const serieMala = await post({ productos: [linea(118)], guias: [{ tipo: '09', serie: 'X001', numero: 1 }] });
    expect(serieMala.status).toBe(422);
    expect(Object.keys(serieMala.body.errors)).toEqual(['guias.0.serie']);
  });

  it('a sale in EUR with its exchange rate; the amount in words says EUROS; without tipo_cambio it is refused', async () => {
    const { venta, xml } = await emitida({ tipo_moneda: 'EUR', tipo_cambio: 4.05, productos: [linea(236)] });
    expect(venta).toMatchObject({ tipo_moneda: 'EUR', tipo_cambio: 4.05, op_gravadas: 200, igv: 36, total: 236 });
    expect(xml).toContain('<cbc:Note languageLocaleID="1000">SON DOSCIENTOS TREINTA Y SEIS CON 00/100 EUROS</cbc:Note>');
    expect(xml).toContain('listName="Currency">EUR</cbc:DocumentCurrencyCode>');
    expect(xml).toContain(money('PayableAmount', '236.00', 'EUR'));

    const flat = await pdfText(venta.id_venta);
    expect(flat).toContain('SON DOSCIENTOS TREINTA Y SEIS CON 00/100 EUROS');
    expect(flat).toContain('Moneda: EUROS');

    const sinCambio = await post({ tipo_moneda: 'EUR', productos: [linea(236)] });
    expect({ status: sinCambio.status, errors: sinCambio.body.errors }).toEqual({
      status: 422,
      errors: { tipo_cambio: ['tipo_cambio es obligatorio para monedas distintas de PEN y USD.'] },
    });
  });
});
