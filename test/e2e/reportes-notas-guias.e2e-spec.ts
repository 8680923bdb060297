import request from 'supertest';
import { guiaPrivada, guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { drawnQrModules, expectedQrModules, inspectPdf, sameModules } from '../../src/reportes/testing/pdf-inspect';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession, createVenta, nextRuc } from '../support/factories';

function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

const BETA_RUC = '20000000001';
const MODULE = { '': 2.25, '/ticket': 2 } as const;
const QR_GRE = 'https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=QUJDREVGR0g';

describe('Reportes: PDFs of credit notes, debit notes and dispatch guides', () => {
  let t: TestApp;
  let admin: Session;
  let a: Session;
  let b: Session;
  let factura: { id_venta: number; serie: string; numero: number };
  let clienteRuc: string;
  let ncId: number;
  let ndId: number;
  let guiaPrivadaId: number;
  let guiaPublicaId: number;
  const pdf = (path: string, token?: string) => binary(token ? request(t.http).get(path).set(bearer(token)) : request(t.http).get(path));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    const empresaA = (await createEmpresa(t, admin, { razon_social: 'LOGÍSTICA NORTE S.A.C.' })).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    const permisos = ['ventas.view', 'ventas.create', 'clientes.create', 'productos.create'];
    a = await createUserSession(t, admin, empresaA, permisos);
    b = await createUserSession(t, admin, empresaB, permisos);
    clienteRuc = nextRuc();
    factura = await createFactura(t, a, {
      cliente_documento: clienteRuc,
      cliente_datos: 'COMERCIAL PIURA E.I.R.L.',
      productos: [
        { descripcion: 'ARROZ EXTRA 50 KG', cantidad: 3, precio_unitario: 177 },
        { descripcion: 'AZÚCAR RUBIA 50 KG', cantidad: 2, precio_unitario: 88.5 },
      ],
    });
    // Notes need an invoice SUNAT accepted; the send itself is the sales module's business.
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '1' WHERE id_venta = $1`, [factura.id_venta]);
    const motivosNc = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(a.token)).expect(200)).body.data;
    const motivosNd = (await request(t.http).get('/api/notas-debito/motivos').set(bearer(a.token)).expect(200)).body.data;
    const nc = await request(t.http)
      .post('/api/notas-credito')
      .set(bearer(a.token))
      .send({ id_venta: factura.id_venta, motivo_id: motivosNc.find((m: { codigo_sunat: string }) => m.codigo_sunat === '01').id })
      .expect(201);
    ncId = nc.body.data.id;
    const nd = await request(t.http)
      .post('/api/notas-debito')
      .set(bearer(a.token))
      .send({ id_venta: factura.id_venta, motivo_id: motivosNd[0].id, monto_total: 35.4, descripcion_motivo: 'Intereses por mora' })
      .expect(201);
    ndId = nd.body.data.id;
    const g1 = await request(t.http).post('/api/guias-remision').set(bearer(a.token)).send(guiaPrivada()).expect(201);
    guiaPrivadaId = g1.body.data.id;
    const g2 = await request(t.http).post('/api/guias-remision').set(bearer(a.token)).send(guiaPublica()).expect(201);
    guiaPublicaId = g2.body.data.id;
    // What an accepted GRE's CDR leaves on the guide (the ticket flow itself is tested by the guides module).
    await t.dataSource.query(`UPDATE guias_remision SET estado = 'aceptado', qr_url = $1 WHERE id = $2`, [QR_GRE, guiaPublicaId]);
  });
  afterAll(() => t.close());

  const get = async (path: string) => (await request(t.http).get(path).set(bearer(a.token)).expect(200)).body.data;

  describe.each(['', '/ticket'] as const)('layout %s', (suffix) => {
    it('credit note: number, affected invoice, reason, the sale lines, totals, words, legend, state, hash and QR', async () => {
      const n = await get(`/api/notas-credito/${ncId}`);
      const res = await pdf(`/reporte/nota-credito/${ncId}${suffix}`, a.token).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${BETA_RUC}-07-${n.serie}-${n.numero}${suffix ? '-ticket' : ''}.pdf"`);
      const doc = inspectPdf(res.body);
      expect(doc.pages).toBe(1);
      expect(doc.flat).toContain('NOTA DE CRÉDITO ELECTRÓNICA');
      expect(doc.flat).toContain(`${n.serie}-${n.numero}`);
      expect(doc.flat).toContain(`FACTURA ${factura.serie}-${factura.numero}`);
      expect(doc.flat).toContain('COMERCIAL PIURA E.I.R.L.');
      expect(doc.flat).toContain('ARROZ EXTRA 50 KG');
      expect(doc.flat).toContain('AZÚCAR RUBIA 50 KG');
      expect(n.monto_total).toBe(708);
      expect(doc.flat).toContain('Importe total S/ 708.00');
      expect(doc.flat).toContain(`IGV S/ ${n.monto_igv.toFixed(2)}`);
      expect(doc.flat).toContain('SON SETECIENTOS OCHO CON 00/100 SOLES');
      expect(doc.flat).toContain('Representación impresa de la nota de crédito electrónica');
      expect(doc.flat).toContain('Estado SUNAT: PENDIENTE DE ENVÍO');
      expect(n.hash_cpe).toBeTruthy();
      expect(doc.flat).toContain(`Resumen (hash): ${n.hash_cpe}`);
      const expected = [BETA_RUC, '07', n.serie, String(n.numero), n.monto_igv.toFixed(2), '708.00', n.fecha_emision, '6', clienteRuc, n.hash_cpe].join('|');
      const qrs = drawnQrModules(doc, MODULE[suffix]);
      expect(qrs).toHaveLength(1);
      expect(sameModules(qrs[0], expectedQrModules(expected))).toBe(true);
    });

    it('debit note: one line with its reason and amount, totals and words, QR with type 08', async () => {
      const n = await get(`/api/notas-debito/${ndId}`);
      const res = await pdf(`/reporte/nota-debito/${ndId}${suffix}`, a.token).expect(200);
      expect(res.headers['content-disposition']).toBe(`inline; filename="${BETA_RUC}-08-${n.serie}-${n.numero}${suffix ? '-ticket' : ''}.pdf"`);
      const doc = inspectPdf(res.body);
      expect(doc.pages).toBe(1);
      expect(doc.flat).toContain('NOTA DE DÉBITO ELECTRÓNICA');
      expect(doc.flat).toContain(`${n.serie}-${n.numero}`);
      expect(doc.flat).toContain('Intereses por mora');
      expect(doc.flat).toContain('Importe total S/ 35.40');
      expect(doc.flat).toContain('SON TREINTA Y CINCO CON 40/100 SOLES');
      expect(doc.flat).toContain('Representación impresa de la nota de débito electrónica');
      expect(doc.flat).not.toContain('ARROZ EXTRA 50 KG');
      const expected = [BETA_RUC, '08', n.serie, String(n.numero), n.monto_igv.toFixed(2), '35.40', n.fecha_emision, '6', clienteRuc, n.hash_cpe].join('|');
      expect(sameModules(drawnQrModules(doc, MODULE[suffix])[0], expectedQrModules(expected))).toBe(true);
    });

    it("guide accepted by SUNAT: addressee, transfer, carrier, goods, state, hash and the CDR's QR link", async () => {
      const g = await get(`/api/guias-remision/${guiaPublicaId}`);
      const res = await pdf(`/reporte/guia/${guiaPublicaId}${suffix}`, a.token).expect(200);
      expect(res.headers['content-disposition']).toBe(`inline; filename="${BETA_RUC}-09-${g.serie}-${g.numero}${suffix ? '-ticket' : ''}.pdf"`);
      const doc = inspectPdf(res.body);
      expect(doc.pages).toBe(1);
      expect(doc.flat).toContain('GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE');
      expect(doc.flat).toContain(`${g.serie}-${g.numero}`);
      expect(doc.flat).toContain('CLIENTE CORPORATIVO S.A.');
      expect(doc.flat).toContain('TRANSPORTES RÁPIDOS S.A.C.');
      expect(doc.flat).toContain('AV. JAVIER PRADO ESTE 123');
      expect(doc.flat).toContain('TECLADO USB');
      expect(doc.flat).toContain('CABLE DE COBRE');
      expect(doc.flat).toContain('12.5 KGM');
      expect(doc.flat).toContain('Representación impresa de la guía de remisión electrónica remitente');
      expect(doc.flat).toContain('Estado SUNAT: ACEPTADO');
      expect(doc.flat).toContain(`Resumen (hash): ${g.hash_cpe}`);
      const qrs = drawnQrModules(doc, MODULE[suffix]);
      expect(qrs).toHaveLength(1);
      expect(sameModules(qrs[0], expectedQrModules(QR_GRE))).toBe(true);
    });

    it('guide not yet accepted: driver and vehicle, PENDIENTE, and no QR (SUNAT has not issued the link)', async () => {
      const doc = inspectPdf((await pdf(`/reporte/guia/${guiaPrivadaId}${suffix}`, a.token).expect(200)).body);
      expect(doc.flat).toContain('JUAN PEREZ LOPEZ');
      expect(doc.flat).toContain('Vehículo: ABC123');
      expect(doc.flat).toContain('Estado SUNAT: PENDIENTE DE ENVÍO');
      expect(drawnQrModules(doc, MODULE[suffix])).toHaveLength(0);
    });
  });

  it('?token= works on the note and guide routes; their /api twins refuse it', async () => {
    const q = `?token=${encodeURIComponent(a.token)}`;
    for (const path of [
      `/reporte/nota-credito/${ncId}`,
      `/reporte/nota-debito/${ndId}/ticket`,
      `/reporte/guia/${guiaPublicaId}`,
      `/reporte/guia/${guiaPrivadaId}/ticket`,
    ]) {
      expect((await pdf(path + q).expect(200)).body.subarray(0, 5).toString()).toBe('%PDF-');
    }
    for (const path of [`/api/notas-credito/${ncId}`, `/api/notas-debito/${ndId}`, `/api/guias-remision/${guiaPublicaId}`]) {
      await request(t.http)
        .get(path + q)
        .expect(401);
    }
  });

  it("refuses another company's notes and guides (403); missing ones are 404", async () => {
    for (const path of [`/reporte/nota-credito/${ncId}`, `/reporte/nota-debito/${ndId}`, `/reporte/guia/${guiaPublicaId}/ticket`]) {
      await pdf(path, b.token).expect(403);
    }
    for (const path of ['/reporte/nota-credito/999999', '/reporte/nota-debito/999999/ticket', '/reporte/guia/999999']) {
      await pdf(path, a.token).expect(404);
    }
  });

  it('a credit note for a boleta prints the DNI client with tipo 1 in the QR', async () => {
    const boleta = await createVenta(t, a);
    const motivos = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(a.token))).body.data;
    const nc = (await request(t.http).post('/api/notas-credito').set(bearer(a.token)).send({ id_venta: boleta.id_venta, motivo_id: motivos[0].id }).expect(201))
      .body.data;
    const n = await get(`/api/notas-credito/${nc.id}`);
    const doc = inspectPdf((await pdf(`/reporte/nota-credito/${nc.id}`, a.token).expect(200)).body);
    expect(doc.flat).toContain(`BOLETA ${boleta.serie}-${boleta.numero}`);
    const expected = [
      BETA_RUC,
      '07',
      n.serie,
      String(n.numero),
      n.monto_igv.toFixed(2),
      '118.00',
      n.fecha_emision,
      '1',
      n.venta.cliente.documento,
      n.hash_cpe,
    ].join('|');
    expect(sameModules(drawnQrModules(doc, 2.25)[0], expectedQrModules(expected))).toBe(true);
  });
});
