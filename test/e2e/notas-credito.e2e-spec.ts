import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { DocumentStorage } from '../../src/sunat/storage/document-storage';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createFacturaAceptada, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(120_000);

const BETA_RUC = '20000000001';
const NO_COMUNICA = /^No se pudo comunicar con SUNAT: /;
const VENTAS = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete'];

/** SUNAT catálogo 09, as seeded and listed. */
const CATALOGO_09 = [
  ['01', 'Anulación de la operación'],
  ['02', 'Anulación por error en el RUC'],
  ['03', 'Corrección por error en la descripción'],
  ['04', 'Descuento global'],
  ['05', 'Descuento por ítem'],
  ['06', 'Devolución total'],
  ['07', 'Devolución por ítem'],
  ['08', 'Bonificación'],
  ['09', 'Disminución en el valor'],
  ['10', 'Otros Conceptos'],
  // Issue 19: catálogo 09 complete.
  ['11', 'Ajustes de operaciones de exportación'],
  ['12', 'Ajustes afectos al IVAP'],
  ['13', 'Ajustes - montos y/o fechas de pago'],
];

describe('Notas de crédito (/api/notas-credito) against the SUNAT simulator', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let empresaA: number;
  let a: Session & { userId: number };
  let b: Session;
  let viewer: Session;
  let ajeno: Session;
  const motivo: Record<string, number> = {};
  let motivoNd: number;

  const crear = (s: Session, body: object) => request(t.http).post('/api/notas-credito').set(bearer(s.token)).send(body);
  const enviar = (s: Session, id: number) => request(t.http).post(`/api/notas-credito/${id}/enviar`).set(bearer(s.token));
  const get = (s: Session, path: string) => request(t.http).get(`/api/notas-credito${path}`).set(bearer(s.token));
  const binary = (req: request.Test) =>
    req.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  const nota = async (id: number) => (await get(a, `/${id}`)).body.data;
  const venta = async (id: number) => (await request(t.http).get(`/api/ventas/${id}`).set(bearer(a.token))).body.data;
  const sendBills = () => t.sunat.state.requests.filter((r) => r.operation === 'sendBill').length;
  const crearOk = async (body: object) => {
    const res = await crear(a, body);
    if (res.status !== 201) throw new Error(`crear NC: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    a = await createUserSession(t, admin, empresaA, VENTAS);
    b = await createUserSession(t, admin, empresaB, VENTAS);
    viewer = await createUserSession(t, admin, empresaA, ['ventas.view']);
    ajeno = await createUserSession(t, admin, empresaA, ['clientes.view']);
    for (const m of (await get(a, '/motivos')).body.data) motivo[m.codigo_sunat] = m.id;
    motivoNd = (await request(t.http).get('/api/notas-debito/motivos').set(bearer(a.token))).body.data[0].id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  describe('create', () => {
    it('FC01 from an accepted factura: 201 with the note, amounts copied, today in Lima, pendiente, signed XML {RUC}-07-FC01-1.xml', async () => {
      const f = await createFacturaAceptada(t, a, { productos: [{ descripcion: 'Teclado', cantidad: 2, precio_unitario: 59 }] });
      const res = await crear(a, { id_venta: f.id_venta, motivo_id: motivo['01'] });
      expect(res.status).toBe(201);
      const nombre = `${BETA_RUC}-07-FC01-1.xml`;
      expect(res.body).toEqual({
        success: true,
        message: 'Nota de crédito creada correctamente.',
        data: expect.objectContaining({
          id: expect.any(Number),
          id_empresa: empresaA,
          id_usuario: a.userId,
          id_venta: f.id_venta,
          motivo_id: motivo['01'],
          serie: 'FC01',
          numero: 1,
          numero_completo: 'FC01-1',
          tipo_doc_afectado: '01',
          serie_num_afectado: `F001-${f.numero}`,
          descripcion_motivo: 'Anulación de la operación',
          monto_subtotal: 100,
          monto_igv: 18,
          monto_total: 118,
          moneda: 'PEN',
          fecha_emision: hoyLima(),
          estado: 'pendiente',
          nombre_xml: nombre,
          xml_url: `/api/notas-credito/xml/${nombre}`,
          hash_cpe: res.body.xml.hash,
          cdr_url: null,
          codigo_sunat: null,
          mensaje_sunat: null,
          motivo: { id: motivo['01'], tipo: 'NC', codigo_sunat: '01', descripcion: 'Anulación de la operación', estado: true },
        }),
        xml: { success: true, nombre_archivo: nombre, hash: expect.stringMatching(/^[A-Za-z0-9+/=]{20,}$/) },
      });
      const xml = await binary(get(a, `/xml/${nombre}`));
      expect(xml.status).toBe(200);
      expect(xml.headers['content-type']).toMatch(/^application\/xml/);
      const text = (xml.body as Buffer).toString('utf8');
      expect(text).toContain('<cbc:ID>FC01-1</cbc:ID>');
      expect(text).toContain(`<cbc:ReferenceID>F001-${f.numero}</cbc:ReferenceID>`);
      expect(text).toContain(`<ds:DigestValue>${res.body.xml.hash}</ds:DigestValue>`);
      expect(text).toMatch(/<cbc:ResponseCode[^>]*>01<\/cbc:ResponseCode><cbc:Description>Anulación de la operación<\/cbc:Description>/);
    });

    it('BC01 from a boleta not yet sent (boletas travel in the daily summary); descripcion_motivo is trimmed to one line', async () => {
      const v = await createVenta(t, a, { tipo_moneda: 'USD', productos: [{ descripcion: 'Zapatillas', cantidad: 1, precio_unitario: 250.5 }] });
      const data = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['07'], descripcion_motivo: '  Devolución   de un par\n dañado ' });
      expect(data).toMatchObject({
        serie: 'BC01',
        numero: 1,
        tipo_doc_afectado: '03',
        serie_num_afectado: `B001-${v.numero}`,
        descripcion_motivo: 'Devolución de un par dañado',
        moneda: 'USD',
        monto_total: 250.5,
        monto_subtotal: 212.29,
        monto_igv: 38.21,
        nombre_xml: `${BETA_RUC}-07-BC01-1.xml`,
      });
    });

    it('refuses with 422 naming the field: bad reason, missing or foreign sale, annulled sale, factura not accepted, bad body', async () => {
      const boleta = await createVenta(t, a);
      const otra = await createVenta(t, b);
      const pendiente = await createFactura(t, a);
      const anulada = await createVenta(t, a);
      expect((await request(t.http).post(`/api/ventas/${anulada.id_venta}/anular`).set(bearer(a.token))).status).toBe(200);
      await t.dataSource.query(`UPDATE motivos_nota SET estado = false WHERE tipo = 'NC' AND codigo_sunat = '08'`);
      const cases: Array<[object, string, string]> = [
        [{ id_venta: boleta.id_venta, motivo_id: motivoNd }, 'motivo_id', 'El motivo no corresponde a una nota de crédito.'],
        [{ id_venta: boleta.id_venta, motivo_id: 999999 }, 'motivo_id', 'El motivo no existe.'],
        [{ id_venta: boleta.id_venta, motivo_id: motivo['08'] }, 'motivo_id', 'El motivo no está activo.'],
        [{ id_venta: 999999, motivo_id: motivo['07'] }, 'id_venta', 'La venta no existe.'],
        [{ id_venta: otra.id_venta, motivo_id: motivo['07'] }, 'id_venta', 'La venta no existe.'],
        [{ id_venta: anulada.id_venta, motivo_id: motivo['07'] }, 'id_venta', 'La venta está anulada.'],
        [{ id_venta: pendiente.id_venta, motivo_id: motivo['01'] }, 'id_venta', 'La factura aún no fue aceptada por SUNAT; envíela antes de emitir la nota.'],
      ];
      try {
        for (const [body, field, message] of cases) {
          const res = await crear(a, body);
          expect({ status: res.status, body: res.body }).toEqual({
            status: 422,
            body: { success: false, message: 'Los datos enviados no son válidos.', errors: { [field]: [message] } },
          });
        }
      } finally {
        await t.dataSource.query(`UPDATE motivos_nota SET estado = true WHERE tipo = 'NC' AND codigo_sunat = '08'`);
      }
      for (const [body, field] of [
        [{ motivo_id: motivo['07'] }, 'id_venta'],
        [{ id_venta: boleta.id_venta }, 'motivo_id'],
        [{ id_venta: boleta.id_venta, motivo_id: motivo['07'], descripcion_motivo: 'x'.repeat(256) }, 'descripcion_motivo'],
        [{ id_venta: boleta.id_venta, motivo_id: motivo['07'], monto_total: 10 }, 'monto_total'],
      ] as Array<[object, string]>) {
        const res = await crear(a, body);
        expect({ status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ status: 422, fields: [field] });
      }
      const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM notas_credito WHERE id_venta = ANY($1)`, [
        [boleta.id_venta, otra.id_venta, pendiente.id_venta, anulada.id_venta],
      ]);
      expect(count).toBe(0);
    });

    it('one total annulment (01/02/06) per sale while pending or accepted; partial reasons are still allowed', async () => {
      const v = await createVenta(t, a);
      const primera = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['06'] });
      for (const codigo of ['01', '02', '06']) {
        const res = await crear(a, { id_venta: v.id_venta, motivo_id: motivo[codigo] });
        expect({ status: res.status, errors: res.body.errors }).toEqual({
          status: 422,
          errors: { id_venta: ['La venta ya tiene una nota de crédito de anulación (pendiente o aceptada).'] },
        });
      }
      expect((await crear(a, { id_venta: v.id_venta, motivo_id: motivo['04'] })).status).toBe(201);
      expect(primera.estado).toBe('pendiente');
    });

    it('two parallel total annulments of one sale: the sale lock lets exactly one through', async () => {
      const v = await createVenta(t, a);
      const [r1, r2] = await Promise.all([
        crear(a, { id_venta: v.id_venta, motivo_id: motivo['01'] }),
        crear(a, { id_venta: v.id_venta, motivo_id: motivo['02'] }),
      ]);
      expect([r1.status, r2.status].sort()).toEqual([201, 422]);
      const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM notas_credito WHERE id_venta = $1`, [v.id_venta]);
      expect(count).toBe(1);
    });

    it('a factura SUNAT rejected cannot be modified by a note (422)', async () => {
      const f = await createFactura(t, a);
      t.sunat.next({ operation: 'sendBill', action: 'reject', code: '2800', message: 'Documento de identidad del receptor no permitido.' });
      expect((await request(t.http).post(`/api/ventas/${f.id_venta}/enviar`).set(bearer(a.token))).body.success).toBe(false);
      expect((await venta(f.id_venta)).estado_sunat).toBe('2');
      const res = await crear(a, { id_venta: f.id_venta, motivo_id: motivo['01'] });
      expect({ status: res.status, errors: res.body.errors }).toEqual({
        status: 422,
        errors: { id_venta: ['La venta fue rechazada o dada de baja en SUNAT.'] },
      });
    });
  });

  describe('enviar: every row of the state table', () => {
    it('pendiente -> aceptado: CDR stored, codigo/mensaje set, the sale becomes estado 2 / estado_sunat 2 in the same step; resend is 409', async () => {
      const f = await createFacturaAceptada(t, a);
      const n = await crearOk({ id_venta: f.id_venta, motivo_id: motivo['01'] });
      expect((await binary(get(a, `/${n.id}/cdr`))).status).toBe(404);
      const res = await enviar(a, n.id);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: {
          success: true,
          codigo: '0',
          mensaje: expect.stringContaining(`FC01-${n.numero}`),
          observaciones: [], // lines without a product code carry none: nothing for SUNAT to observe
          cdr_url: `/api/notas-credito/${n.id}/cdr`,
        },
      });
      expect(await nota(n.id)).toMatchObject({
        estado: 'aceptado',
        codigo_sunat: '0',
        mensaje_sunat: [res.body.mensaje, ...res.body.observaciones].join(' | '),
        cdr_url: `/api/notas-credito/${n.id}/cdr`,
      });
      expect(await venta(f.id_venta)).toMatchObject({ estado: '2', estado_sunat: '2' });
      expect(t.sunat.state.documents.get(`${BETA_RUC}-07-FC01-${n.numero}`)?.accepted).toBe(true);

      const cdr = await binary(get(a, `/${n.id}/cdr`));
      expect({ status: cdr.status, type: cdr.headers['content-type'], disposition: cdr.headers['content-disposition'] }).toEqual({
        status: 200,
        type: 'application/zip',
        disposition: `attachment; filename="R-${BETA_RUC}-07-FC01-${n.numero}.zip"`,
      });
      expect((cdr.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');

      const sent = sendBills();
      const again = await enviar(a, n.id);
      expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: { success: false, message: 'El documento ya fue aceptado por SUNAT.' } });
      expect(sendBills()).toBe(sent);
      // The sale is annulled now: no further note on it.
      expect((await crear(a, { id_venta: f.id_venta, motivo_id: motivo['07'] })).body.errors).toEqual({ id_venta: ['La venta está anulada.'] });
    });

    it('pendiente -> rechazado: codigo/mensaje stored, 200 success false, sale untouched; the number is spent (409) and a new annulment is allowed', async () => {
      const f = await createFacturaAceptada(t, a);
      const n = await crearOk({ id_venta: f.id_venta, motivo_id: motivo['01'] });
      t.sunat.next({
        operation: 'sendBill',
        action: 'reject',
        code: '2116',
        message: 'El tipo de documento modificado por la Nota de credito debe ser factura electronica o ticket',
      });
      const res = await enviar(a, n.id);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { success: false, codigo: '2116', message: 'El tipo de documento modificado por la Nota de credito debe ser factura electronica o ticket' },
      });
      expect(await nota(n.id)).toMatchObject({ estado: 'rechazado', codigo_sunat: '2116', mensaje_sunat: expect.stringContaining('factura electronica') });
      expect(await venta(f.id_venta)).toMatchObject({ estado: '1', estado_sunat: '1' });
      const again = await enviar(a, n.id);
      expect({ status: again.status, message: again.body.message }).toEqual({
        status: 409,
        message: 'SUNAT rechazó esta nota; su número ya no puede reenviarse. Emita una nueva nota.',
      });
      expect((await crear(a, { id_venta: f.id_venta, motivo_id: motivo['01'] })).status).toBe(201);
    });

    it('SOAP fault (exception): 200 success false, the note stays pendiente with codigo/mensaje; a later send is accepted', async () => {
      const f = await createFacturaAceptada(t, a);
      const n = await crearOk({ id_venta: f.id_venta, motivo_id: motivo['09'] });
      t.sunat.next({ operation: 'sendBill', action: 'fault', code: '0111', message: 'No tiene el perfil para enviar comprobantes electronicos' });
      const res = await enviar(a, n.id);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { success: false, codigo: '0111', message: expect.stringContaining('perfil') },
      });
      expect(await nota(n.id)).toMatchObject({ estado: 'pendiente', codigo_sunat: '0111', cdr_url: null });
      expect(await venta(f.id_venta)).toMatchObject({ estado: '1', estado_sunat: '1' });
      expect((await enviar(a, n.id)).body).toMatchObject({ success: true, codigo: '0' });
      expect((await nota(n.id)).estado).toBe('aceptado');
    });

    it('transport failure (HTTP 502, reconciliation failing too): 502, note pendiente, sale untouched; a retry is accepted', async () => {
      const f = await createFacturaAceptada(t, a);
      const n = await crearOk({ id_venta: f.id_venta, motivo_id: motivo['01'] });
      t.sunat.next([
        { operation: 'sendBill', action: 'http', status: 502 },
        { operation: 'getStatusCdr', action: 'http', status: 502 },
      ]);
      const res = await enviar(a, n.id);
      expect({ status: res.status, success: res.body.success, message: res.body.message }).toEqual({
        status: 502,
        success: false,
        message: expect.stringMatching(NO_COMUNICA),
      });
      expect(await nota(n.id)).toMatchObject({ estado: 'pendiente', codigo_sunat: null, mensaje_sunat: null, cdr_url: null });
      expect(await venta(f.id_venta)).toMatchObject({ estado: '1', estado_sunat: '1' });
      expect((await binary(get(a, `/${n.id}/cdr`))).status).toBe(404);
      expect((await enviar(a, n.id)).body).toMatchObject({ success: true, codigo: '0' });
      expect(await venta(f.id_venta)).toMatchObject({ estado: '2', estado_sunat: '2' });
    });

    it('an empty answer that cannot be reconciled is 502 and leaves the note pendiente', async () => {
      const v = await createVenta(t, a);
      const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['05'] });
      t.sunat.next([
        { operation: 'sendBill', action: 'empty' },
        { operation: 'getStatusCdr', action: 'http', status: 503 },
      ]);
      const res = await enviar(a, n.id);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 502, message: expect.stringMatching(NO_COMUNICA) });
      expect((await nota(n.id)).estado).toBe('pendiente');
    });

    it('XML missing from storage: 409 with SPEC message, nothing sent, note pendiente', async () => {
      const v = await createVenta(t, a);
      const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['03'] });
      await t.app.get(DocumentStorage).delete(`empresa-${empresaA}/xml/${n.nombre_xml}`);
      const sent = sendBills();
      const res = await enviar(a, n.id);
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { success: false, message: 'XML no encontrado. Genere el XML primero.' } });
      expect(sendBills()).toBe(sent);
      expect((await nota(n.id)).estado).toBe('pendiente');
    });

    it('two concurrent sends of one note: exactly one reaches SUNAT, the other is a 409', async () => {
      const v = await createVenta(t, a);
      const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['01'] });
      const sent = sendBills();
      t.sunat.next({ operation: 'sendBill', action: 'delay', ms: 800 });
      const [r1, r2] = await Promise.all([enviar(a, n.id), enviar(a, n.id)]);
      expect([r1.status, r2.status].sort()).toEqual([200, 409]);
      expect(sendBills()).toBe(sent + 1);
      expect((await nota(n.id)).estado).toBe('aceptado');
      expect(await venta(v.id_venta)).toMatchObject({ estado: '2', estado_sunat: '2' });
    });
  });

  describe('queries', () => {
    it('motivos: the 13 active reasons of catálogo 09 in SUNAT wording', async () => {
      const res = await get(viewer, '/motivos');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.map((m: { codigo_sunat: string; descripcion: string }) => [m.codigo_sunat, m.descripcion])).toEqual(CATALOGO_09);
      expect(res.body.data.every((m: { tipo: string; estado: boolean }) => m.tipo === 'NC' && m.estado)).toBe(true);
    });

    it('buscar-venta: uppercase serie and integer numero within the company; 404 with SPEC message; 422 for a long serie', async () => {
      const f = await createFacturaAceptada(t, a);
      const found = await get(viewer, `/buscar-venta?serie=f001&numero=${f.numero}`);
      expect(found.status).toBe(200);
      expect(found.body).toEqual({
        success: true,
        venta: expect.objectContaining({
          id_venta: f.id_venta,
          numero_completo: `F001-${f.numero}`,
          cliente: expect.objectContaining({ documento: expect.stringMatching(/^\d{11}$/) }),
          tipoDocumento: expect.objectContaining({ cod_sunat: '01' }),
          productosVentas: [expect.objectContaining({ descripcion: 'SERVICIO DE PRUEBA', producto: null })],
        }),
      });
      const missing = await get(a, `/buscar-venta?serie=F001&numero=${f.numero + 1000}`);
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: { success: false, message: 'Venta no encontrada con esa serie y número.' },
      });
      // Another company's sale with that number does not leak.
      expect((await get(b, `/buscar-venta?serie=F001&numero=${f.numero}`)).status).toBe(404);
      const long = await get(a, `/buscar-venta?serie=F0011&numero=1`);
      expect({ status: long.status, fields: Object.keys(long.body.errors) }).toEqual({ status: 422, fields: ['serie'] });
      const noNumero = await get(a, `/buscar-venta?serie=F001`);
      expect({ status: noNumero.status, fields: Object.keys(noNumero.body.errors) }).toEqual({ status: 422, fields: ['numero'] });
    });

    it('list and detail: the company notes newest first; detail carries the reason and the sale', async () => {
      const v = await createVenta(t, a);
      const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['10'], descripcion_motivo: 'Ajuste comercial' });
      const list = await get(viewer, '');
      expect(list.status).toBe(200);
      expect(list.body.success).toBe(true);
      expect(list.body.data[0]).toMatchObject({ id: n.id, numero_completo: `BC01-${n.numero}`, motivo: { codigo_sunat: '10' } });
      expect(list.body.data.every((x: { id_empresa: number }) => x.id_empresa === empresaA)).toBe(true);
      expect((await get(b, '')).body.data).toEqual([]);
      const byNumber = await get(a, `?q=BC01-${n.numero}&estado=pendiente`);
      expect(byNumber.body.data.map((x: { id: number }) => x.id)).toEqual([n.id]);
      const detail = await get(viewer, `/${n.id}`);
      expect(detail.body).toEqual({
        success: true,
        data: expect.objectContaining({
          id: n.id,
          descripcion_motivo: 'Ajuste comercial',
          motivo: expect.objectContaining({ codigo_sunat: '10', descripcion: 'Otros Conceptos' }),
          venta: expect.objectContaining({ id_venta: v.id_venta, cliente: expect.any(Object), productosVentas: expect.any(Array) }),
        }),
      });
      expect((await get(a, '/999999')).body).toEqual({ success: false, message: 'Nota de crédito no encontrada.' });
    });
  });

  describe('permissions and company isolation', () => {
    it('GETs need ventas.view; create and enviar need ventas.create; no token is 401', async () => {
      const v = await createVenta(t, a);
      const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['07'] });
      for (const path of ['', `/${n.id}`, '/motivos', `/buscar-venta?serie=B001&numero=${v.numero}`, `/xml/${n.nombre_xml}`]) {
        expect({ path, status: (await get(viewer, path)).status }).toEqual({ path, status: 200 });
        expect({ path, status: (await get(ajeno, path)).status }).toEqual({ path, status: 403 });
      }
      expect((await get(ajeno, `/${n.id}/cdr`)).status).toBe(403);
      const sent = sendBills();
      expect((await crear(viewer, { id_venta: v.id_venta, motivo_id: motivo['07'] })).body).toEqual({
        success: false,
        message: 'No tienes permiso para realizar esta acción',
      });
      expect((await enviar(viewer, n.id)).status).toBe(403);
      expect(sendBills()).toBe(sent);
      expect((await request(t.http).get('/api/notas-credito')).status).toBe(401);
      expect((await request(t.http).post(`/api/notas-credito/${n.id}/enviar`)).status).toBe(401);
    });

    it("another company's note is 403 (detail, enviar, cdr); xml/{nombre} serves only the company's files and refuses '../' names", async () => {
      const v = await createVenta(t, a);
      const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['07'] });
      const sent = sendBills();
      for (const res of [await get(b, `/${n.id}`), await enviar(b, n.id), await get(b, `/${n.id}/cdr`)]) {
        expect({ status: res.status, body: res.body }).toEqual({
          status: 403,
          body: { success: false, message: 'No tienes permiso para realizar esta acción' },
        });
      }
      expect(sendBills()).toBe(sent);
      expect((await nota(n.id)).estado).toBe('pendiente');

      // Company B has no note with that name (its first BC01 is yet to come): nothing is served across companies.
      const foreign = await get(b, `/xml/${n.nombre_xml}`);
      expect({ status: foreign.status, body: foreign.body }).toEqual({ status: 404, body: { success: false, message: 'XML no encontrado.' } });
      for (const name of [
        `..%2F..%2Fempresa-${empresaA}%2Fxml%2F${n.nombre_xml}`,
        `..%2F${n.nombre_xml}`,
        encodeURIComponent(`empresa-${empresaA}/xml/${n.nombre_xml}`),
        `${BETA_RUC}-01-F001-1.xml`,
        'nombre-invalido',
      ]) {
        expect({ name, status: (await get(a, `/xml/${name}`)).status }).toEqual({ name, status: 404 });
      }
      // The sale's own XML (01) is not a credit note's file even if it exists in storage.
      expect((await get(a, `/xml/${v.nombre_xml}`)).status).toBe(404);
      // A debit-note route does not serve credit-note files either.
      expect((await request(t.http).get(`/api/notas-debito/xml/${n.nombre_xml}`).set(bearer(a.token))).status).toBe(404);
      expect((await get(a, `/xml/${n.nombre_xml}`)).status).toBe(200);
    });
  });
});
