import { Decimal } from 'decimal.js';
import request from 'supertest';
import { EmisorService } from '../../src/empresas/emisor.service';
import { verifyWithXmlCrypto } from '../../src/sunat/signing/testing/verify-signature';
import { dumpSignedXml } from '../../src/sunat/signing/testing/xml-dump';
import { texts } from '../../src/sunat/xml/testing/query';
import { validateSunatXsl, validateXsd } from '../../src/sunat/xml/testing/validators';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFacturaAceptada, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(180_000);

const BETA_RUC = '20000000001';

/** SPEC's rounding, computed here independently: round half up to cents. */
const r2 = (x: Decimal.Value) => new Decimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

function pemOf(derBase64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${derBase64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

describe('Notas: generated XML (XSD, SUNAT XSL rules, signature, SPEC amounts and legend)', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let empresaId: number;
  let s: Session;
  let pem: string;
  const motivo: Record<string, Record<string, number>> = { 'notas-credito': {}, 'notas-debito': {} };

  const crear = async (ruta: 'notas-credito' | 'notas-debito', body: object) => {
    const res = await request(t.http).post(`/api/${ruta}`).set(bearer(s.token)).send(body);
    if (res.status !== 201) throw new Error(`crear ${ruta}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; nombre_xml: string; numero: number; serie: string };
  };
  const xmlOf = async (ruta: string, nombre: string) => {
    const res = await request(t.http).get(`/api/${ruta}/xml/${nombre}`).set(bearer(s.token));
    expect(res.status).toBe(200);
    return res.text;
  };

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin, { razon_social: 'DISTRIBUIDORA ANDINA S.A.C.' })).id_empresa;
    s = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.delete']);
    for (const ruta of ['notas-credito', 'notas-debito'] as const) {
      for (const m of (await request(t.http).get(`/api/${ruta}/motivos`).set(bearer(s.token))).body.data) motivo[ruta][m.codigo_sunat] = m.id;
    }
    pem = pemOf((await (await t.app.get(EmisorService).forEmpresa(empresaId)).credentials()).certificateDerBase64);
  });
  afterAll(() => t.close());

  it('credit notes (FC01 and BC01, every catálogo 09 reason) and debit notes (FD01, BD01, every reason): UBL 2.1 XSD, 0 SUNAT XSL errors, signature verifies', async () => {
    const factura = await createFacturaAceptada(t, s, {
      productos: [
        { descripcion: 'Laptop 14" <Core i5> & cargador', cantidad: 2, precio_unitario: 2500, unidad_medida: 'NIU' },
        { descripcion: 'Instalación', cantidad: 1, precio_unitario: 59, unidad_medida: 'ZZ' },
      ],
    });
    const boletas = await Promise.all(
      [0, 1, 2].map(() =>
        createVenta(t, s, {
          cliente_datos: 'JUAN PÉREZ & HIJOS',
          productos: [
            { descripcion: 'Arroz 5kg', cantidad: 3, precio_unitario: 21.5, tipo_afectacion_igv: '10' },
            { descripcion: 'Libro escolar', cantidad: 1, precio_unitario: 45.9, tipo_afectacion_igv: '20' },
            { descripcion: 'Servicio inafecto', cantidad: 2, precio_unitario: 10, tipo_afectacion_igv: '30' },
          ],
        }),
      ),
    );
    const creditos = [await crear('notas-credito', { id_venta: factura.id_venta, motivo_id: motivo['notas-credito']['01'] })];
    // One total annulment per sale: 01, 02 and 06 each on their own boleta; the other reasons share them.
    const codigos = ['02', '03', '04', '05', '06', '07', '08', '09', '10'];
    for (const [i, codigo] of codigos.entries()) {
      const venta = codigo === '06' ? boletas[1] : codigo === '02' ? boletas[2] : boletas[0];
      creditos.push(
        await crear('notas-credito', {
          id_venta: venta.id_venta,
          motivo_id: motivo['notas-credito'][codigo],
          descripcion_motivo: i % 2 ? undefined : `Sustento ${codigo}`,
        }),
      );
    }
    const debitos = [];
    for (const codigo of ['01', '02', '03', '04']) {
      debitos.push(await crear('notas-debito', { id_venta: factura.id_venta, motivo_id: motivo['notas-debito'][codigo], monto_total: 118.5 }));
    }
    debitos.push(await crear('notas-debito', { id_venta: boletas[0].id_venta, motivo_id: motivo['notas-debito']['01'], monto_total: 7.77 }));

    expect(creditos[0].nombre_xml).toBe(`${BETA_RUC}-07-FC01-1.xml`);
    expect(debitos[0].nombre_xml).toBe(`${BETA_RUC}-08-FD01-1.xml`);
    expect(debitos[4].nombre_xml).toBe(`${BETA_RUC}-08-BD01-1.xml`);

    for (const [ruta, tipo, xsd, notas] of [
      ['notas-credito', '07', 'creditNote', creditos],
      ['notas-debito', '08', 'debitNote', debitos],
    ] as const) {
      for (const n of notas) {
        const text = await xmlOf(ruta, n.nombre_xml);
        dumpSignedXml({ fileName: n.nombre_xml, xml: text, tipo, certificatePem: pem });
        const schema = await validateXsd(text, xsd);
        expect({ file: n.nombre_xml, status: schema.status, output: schema.output }).toEqual({ file: n.nombre_xml, status: 0, output: 'validates' });
        const signature = verifyWithXmlCrypto(text, pem);
        expect({ file: n.nombre_xml, ok: signature.ok }).toEqual({ file: n.nombre_xml, ok: true });
        const rules = await validateSunatXsl(tipo, text, n.nombre_xml);
        expect({ file: n.nombre_xml, status: rules.status, report: rules.output }).toEqual({
          file: n.nombre_xml,
          status: 0,
          report: expect.stringMatching(/(^|\n)(OK|0 errors, \d+ warnings)$/),
        });
      }
    }
  });

  it('credit note amounts follow SPEC rounding for a table of prices (unit value, line value, line tax, taxable, tax, total)', async () => {
    const tabla: Array<[number, number]> = [
      [118, 1],
      [10.5, 3],
      [0.99, 7],
      [1234.56, 1.5],
      [33.33, 3],
      [0.01, 1],
      [19.9, 2.125],
      [99999.99, 2],
      [7.07, 0.333],
    ];
    const rate = new Decimal('0.18');
    for (const [precio, cantidad] of tabla) {
      const v = await createVenta(t, s, { productos: [{ descripcion: `Item ${precio}`, cantidad, precio_unitario: precio }] });
      const n = await crear('notas-credito', { id_venta: v.id_venta, motivo_id: motivo['notas-credito']['07'] });
      const xml = await xmlOf('notas-credito', n.nombre_xml);
      const bruto = new Decimal(precio).times(cantidad);
      const total = new Decimal(r2(bruto));
      const esperado = {
        precio,
        unitValue: r2(new Decimal(precio).div(rate.plus(1))),
        lineValue: r2(bruto.div(rate.plus(1))),
        lineTax: r2(bruto.div(rate.plus(1)).times(rate)),
        taxable: r2(total.div(rate.plus(1))),
        tax: r2(total.div(rate.plus(1)).times(rate)),
        payable: r2(total),
        percent: '18.00',
      };
      expect({
        precio,
        unitValue: texts(xml, '/*/cac:CreditNoteLine/cac:Price/cbc:PriceAmount')[0],
        lineValue: texts(xml, '/*/cac:CreditNoteLine/cbc:LineExtensionAmount')[0],
        lineTax: texts(xml, '/*/cac:CreditNoteLine/cac:TaxTotal/cbc:TaxAmount')[0],
        taxable: texts(xml, '/*/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount')[0],
        tax: texts(xml, '/*/cac:TaxTotal/cbc:TaxAmount')[0],
        payable: texts(xml, '/*/cac:LegalMonetaryTotal/cbc:PayableAmount')[0],
        percent: texts(xml, '/*/cac:CreditNoteLine/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')[0],
      }).toEqual(esperado);
    }
  });

  it('a multi-line credit note: each line by SPEC rounding, document totals from the sale total (not the sum of rounded lines)', async () => {
    const lineas: Array<[number, number]> = [
      [0.05, 1],
      [0.05, 1],
      [0.05, 1],
      [12.34, 3],
    ];
    const v = await createVenta(t, s, { productos: lineas.map(([precio_unitario, cantidad], i) => ({ descripcion: `L${i}`, cantidad, precio_unitario })) });
    const n = await crear('notas-credito', { id_venta: v.id_venta, motivo_id: motivo['notas-credito']['06'] });
    const xml = await xmlOf('notas-credito', n.nombre_xml);
    const total = lineas.reduce((acc, [p, q]) => acc.plus(new Decimal(p).times(q)), new Decimal(0));
    expect(texts(xml, '/*/cac:CreditNoteLine/cbc:LineExtensionAmount')).toEqual(lineas.map(([p, q]) => r2(new Decimal(p).times(q).div(1.18))));
    expect(texts(xml, '/*/cac:CreditNoteLine/cac:TaxTotal/cbc:TaxAmount')).toEqual(lineas.map(([p, q]) => r2(new Decimal(p).times(q).div(1.18).times(0.18))));
    expect(texts(xml, '/*/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount')).toEqual([r2(total.div(1.18))]);
    expect(texts(xml, '/*/cac:TaxTotal/cbc:TaxAmount')).toEqual([r2(total.div(1.18).times(0.18))]);
    expect(texts(xml, '/*/cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual([r2(total)]);
    expect(texts(xml, '/*/cac:DiscrepancyResponse/cbc:ResponseCode')).toEqual(['06']);
    expect(texts(xml, '/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toEqual([`B001-${v.numero}`]);
    expect(texts(xml, '/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode')).toEqual(['03']);
  });

  it("legend 1000 'SON ... SOLES' and debit note amounts for 0.01, 1, 21, 100, 1001 and 1,000,000", async () => {
    const v = await createVenta(t, s);
    const tabla: Array<[number, string]> = [
      [0.01, 'SON CERO CON 01/100 SOLES'],
      [1, 'SON UNO CON 00/100 SOLES'],
      [21, 'SON VEINTIUNO CON 00/100 SOLES'],
      [100, 'SON CIEN CON 00/100 SOLES'],
      [1001, 'SON MIL UNO CON 00/100 SOLES'],
      [1_000_000, 'SON UN MILLÓN CON 00/100 SOLES'],
    ];
    for (const [monto, leyenda] of tabla) {
      const n = await crear('notas-debito', { id_venta: v.id_venta, motivo_id: motivo['notas-debito']['02'], monto_total: monto });
      const xml = await xmlOf('notas-debito', n.nombre_xml);
      expect({
        monto,
        leyenda: texts(xml, "/*/cbc:Note[@languageLocaleID='1000']"),
        taxable: texts(xml, '/*/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount'),
        tax: texts(xml, '/*/cac:TaxTotal/cbc:TaxAmount'),
        payable: texts(xml, '/*/cac:RequestedMonetaryTotal/cbc:PayableAmount'),
        lines: texts(xml, '/*/cac:DebitNoteLine/cbc:LineExtensionAmount'),
      }).toEqual({
        monto,
        leyenda: [leyenda],
        taxable: [r2(new Decimal(monto).div(1.18))],
        tax: [r2(new Decimal(monto).div(1.18).times(0.18))],
        payable: [r2(monto)],
        lines: [r2(new Decimal(monto).div(1.18))],
      });
    }
    // A credit note says the same for the sale's total.
    const venta21 = await createVenta(t, s, { productos: [{ descripcion: 'Menú', cantidad: 1, precio_unitario: 21 }] });
    const nc = await crear('notas-credito', { id_venta: venta21.id_venta, motivo_id: motivo['notas-credito']['01'] });
    expect(texts(await xmlOf('notas-credito', nc.nombre_xml), "/*/cbc:Note[@languageLocaleID='1000']")).toEqual(['SON VEINTIUNO CON 00/100 SOLES']);
  });
});
