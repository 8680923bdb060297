import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { texts } from '../../src/sunat/xml/testing/query';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, nextDni } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

jest.setTimeout(300_000);

/**
 * Issue 19: each RC line carries the boleta's STORED amounts per affectation (catálogo 11 InstructionID: 01
 * gravadas, 02 exoneradas, 03 inafectas, 04 exportación, 05 gratuitas), its taxes (1000 IGV, 2000 ISC,
 * 7152 ICBPER, 1016 IVAP) and its client's stored catálogo 06 type. Hand table (IGV 18 %, IVAP 4 %):
 */
type Linea = Record<string, unknown>;
interface Caso {
  body: Record<string, unknown>;
  total: string;
  /** InstructionID -> PaidAmount, in document order. */
  pagos: Record<string, string>;
  /** Tax scheme id -> TaxAmount, in document order. */
  impuestos: Record<string, string>;
  cliente?: [string, string];
}

const L = (precio_unitario: number, cantidad: number, tipo_afectacion_igv: string, extra: Linea = {}): Linea => ({
  descripcion: `ITEM ${tipo_afectacion_igv}`,
  precio_unitario,
  cantidad,
  tipo_afectacion_igv,
  ...extra,
});

const CASOS: Array<[string, Caso]> = [
  ['gravada: 118 x 2 = 200.00 + 36.00', { body: { productos: [L(118, 2, '10')] }, total: '236.00', pagos: { '01': '200.00' }, impuestos: { '1000': '36.00' } }],
  [
    'exonerada: 50 x 3, buyer with a carnet de extranjería (4)',
    {
      body: { productos: [L(50, 3, '20')], cliente_tipo_doc: '4', cliente_documento: '001234567', cliente_datos: 'MARIA EXTRANJERA' },
      total: '150.00',
      pagos: { '02': '150.00' },
      impuestos: { '1000': '0.00' },
      cliente: ['4', '001234567'],
    },
  ],
  [
    'inafecta: 12.5 x 4 (was sent as exonerada)',
    { body: { productos: [L(12.5, 4, '30')] }, total: '50.00', pagos: { '03': '50.00' }, impuestos: { '1000': '0.00' } },
  ],
  [
    'exportación (0200): 100 x 3 to a passport holder (7)',
    {
      body: { tipo_operacion: '0200', productos: [L(100, 3, '40')], cliente_tipo_doc: '7', cliente_documento: 'PA7654321', cliente_datos: 'JOHN SMITH' },
      total: '300.00',
      pagos: { '04': '300.00' },
      impuestos: { '1000': '0.00' },
      cliente: ['7', 'PA7654321'],
    },
  ],
  [
    'gratuita (13): 59 x 2 = 100.00 free with a paid 118.00 line',
    { body: { productos: [L(118, 1, '10'), L(59, 2, '13')] }, total: '118.00', pagos: { '01': '100.00', '05': '100.00' }, impuestos: { '1000': '18.00' } },
  ],
  [
    'ISC 01 10 %: 236 = 181.82 + ISC 18.18 + IGV 36.00',
    {
      body: { productos: [L(236, 1, '10', { isc: { sistema: '01', tasa: 10 } })] },
      total: '236.00',
      pagos: { '01': '181.82' },
      impuestos: { '1000': '36.00', '2000': '18.18' },
    },
  ],
  [
    'ICBPER: 10.00 + 3 bags of 0.10 = 8.72 + 1.58 + ICBPER 1.50',
    {
      body: { productos: [L(10, 1, '10'), L(0.1, 3, '10', { icbper: true })] },
      total: '11.80',
      pagos: { '01': '8.72' },
      impuestos: { '1000': '1.58', '7152': '1.50' },
    },
  ],
  [
    'IVAP (17): 104 = 100.00 + 4.00',
    { body: { productos: [L(104, 1, '17')] }, total: '104.00', pagos: { '01': '100.00' }, impuestos: { '1000': '0.00', '1016': '4.00' } },
  ],
  [
    // the old rebuild from total and IGV sent this as gravada 454.24 + IGV 81.76
    'mixed: gravada 200 + IGV 36, exonerada 100, inafecta 200, passport buyer',
    {
      body: {
        productos: [L(118, 2, '10'), L(100, 1, '20'), L(50, 4, '30')],
        cliente_tipo_doc: '7',
        cliente_documento: 'PB1234567',
        cliente_datos: 'JANE DOE',
      },
      total: '536.00',
      pagos: { '01': '200.00', '02': '100.00', '03': '200.00' },
      impuestos: { '1000': '36.00' },
      cliente: ['7', 'PB1234567'],
    },
  ],
];

describe('Daily summary lines from stored amounts (issue 19)', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresaId: number;
  const hoy = hoyLima();

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const post = (path: string, body: object) => request(t.http).post(path).set(bearer(user.token)).send(body);

  it('one boleta per affectation and a mixed one: amounts equal the hand table, clients keep their type, SUNAT accepts', async () => {
    const boletas: Array<{ id: number; numero: string; caso: Caso; dni: string }> = [];
    for (const [nombre, caso] of CASOS) {
      const dni = nextDni();
      const res = await post('/api/ventas', { tipo_documento: '03', cliente_documento: dni, cliente_datos: 'CLIENTE BOLETA', ...caso.body });
      expect({ nombre, status: res.status, errors: res.body.errors }).toEqual({ nombre, status: 201, errors: undefined });
      boletas.push({ id: res.body.data.id_venta, numero: `${res.body.data.serie}-${res.body.data.numero}`, caso, dni });
    }
    const sent = await post('/api/resumen-diario', { ids: boletas.map((b) => b.id), fecha_resumen: hoy }).expect(200);
    expect(sent.body).toMatchObject({ success: true, cantidad: CASOS.length });

    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, sent.body.nombre_archivo.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, sent.body.nombre_archivo, 'summary', 'RC')).toEqual(SUNAT_VALID);
    boletas.forEach(({ numero, caso, dni }, i) => {
      const line = `/*/sac:SummaryDocumentsLine[${i + 1}]`;
      const pagos = Object.fromEntries(
        texts(xml, `${line}/sac:BillingPayment/cbc:InstructionID`).map((id, k) => [id, texts(xml, `${line}/sac:BillingPayment/cbc:PaidAmount`)[k]]),
      );
      const impuestos = Object.fromEntries(
        texts(xml, `${line}/cac:TaxTotal//cac:TaxScheme/cbc:ID`).map((id, k) => [id, texts(xml, `${line}/cac:TaxTotal/cbc:TaxAmount`)[k]]),
      );
      const cliente = [texts(xml, `${line}//cbc:AdditionalAccountID`)[0], texts(xml, `${line}//cbc:CustomerAssignedAccountID`)[0]];
      expect({ numero: texts(xml, `${line}/cbc:ID`)[0], total: texts(xml, `${line}/sac:TotalAmount`)[0], pagos, impuestos, cliente }).toEqual({
        numero,
        total: caso.total,
        pagos: caso.pagos,
        impuestos: caso.impuestos,
        cliente: caso.cliente ?? ['1', dni],
      });
    });

    await post('/api/resumen-diario/consultar-ticket', { ticket: sent.body.ticket }).expect(200);
    const done = await post('/api/resumen-diario/consultar-ticket', { ticket: sent.body.ticket }).expect(200);
    expect(done.body).toMatchObject({ success: true, codigo: '0' });
    const estados = (await t.dataSource.query('SELECT estado_sunat FROM ventas WHERE id_venta = ANY($1)', [boletas.map((b) => b.id)])) as Array<{
      estado_sunat: string;
    }>;
    expect(estados.map((e) => e.estado_sunat)).toEqual(boletas.map(() => '1'));
  });
});
