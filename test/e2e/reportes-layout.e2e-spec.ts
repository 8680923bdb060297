import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';
import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { guiaPrivada } from '../../src/guias-remision/testing/guia-bodies';
import { DocumentosImpresosService } from '../../src/reportes/documentos/documentos-impresos.service';
import { Formato, toBuffer } from '../../src/reportes/pdf/layout/page';
import { TextLayout } from '../../src/reportes/pdf/layout/text-boxes';
import { renderCotizacionPdf } from '../../src/reportes/pdf/renderers/cotizacion.renderer';
import { renderGuiaPdf } from '../../src/reportes/pdf/renderers/guia.renderer';
import { renderNotaPdf } from '../../src/reportes/pdf/renderers/nota.renderer';
import { renderVentaPdf } from '../../src/reportes/pdf/renderers/venta.renderer';
import { layoutProblems } from '../../src/reportes/testing/layout-check';
import { inspectPdf } from '../../src/reportes/testing/pdf-inspect';
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

const CONSULTA = 'https://e-consultaruc.sunat.gob.pe/cl-ti-itconsvalicpe/ConsValiCpe.htm';
const AUTORIZACION = 'Autorizado mediante Resolución de Intendencia N° 034-005-0012345/SUNAT. Representación impresa disponible en www.ejemplo.pe';
const LARGO = (base: string, n: number) => Array.from({ length: n }, (_, i) => `${base} ${i + 1}`).join(' ');
const RAZON_SOCIAL = 'CORPORACIÓN INDUSTRIAL Y COMERCIAL DE LOS ANDES DEL SUR Y DEL NORTE DEL PERÚ SOCIEDAD ANÓNIMA CERRADA';
const LEYENDA_LARGA = `${AUTORIZACION}. ${LARGO('Condiciones de garantía y devolución según términos publicados', 5)}`.slice(0, 500);
const OBS_VENTA = '4287 - El precio unitario de la operación que está informando difiere de los cálculos realizados en base a la información remitida';
const OBS_NOTA = '4332 - El valor del tipo de cambio no corresponde al publicado por la SBS';
const OBS_GUIA = '4403 - El peso bruto total informado no corresponde al de los bienes trasladados';
const KINDS = ['factura', 'boleta', 'nota-credito', 'nota-debito', 'guia', 'cotizacion'] as const;
type Kind = (typeof KINDS)[number];
/** The renders are also written beside the samples of reportes-muestras, for scripts/ci-extras/pdf-samples.sh to turn into PNGs. */
const OUT = join(__dirname, '..', '..', 'artifacts', 'pdf-samples');

/**
 * Every kind of printed document, A4 and 80 mm ticket, with the longest values the API takes (company name,
 * addresses, client, many lines, payment conditions, references, observations, the company legend). The
 * renderers record each text box as pdfkit lays it out; no box may cross another or leave the margins.
 */
describe('Reportes: printed layout (no text over text), legend, check URL, observations, guide references', () => {
  let t: TestApp;
  let admin: Session;
  let a: Session;
  let empresaId: number;
  const ids = {} as Record<Kind, number>;
  const paths = {} as Record<Kind, string>;
  let docs: DocumentosImpresosService;
  const pdf = (path: string) => binary(request(t.http).get(path).set(bearer(a.token))).expect(200);

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    t = await createTestApp();
    admin = await login(t);
    empresaId = (
      await createEmpresa(t, admin, {
        razon_social: RAZON_SOCIAL,
        comercial: 'ANDES DEL SUR Y DEL NORTE - DISTRIBUCIÓN MAYORISTA Y MINORISTA',
        direccion: `AV. JAVIER PRADO ESTE ${LARGO('INTERIOR', 12)} URBANIZACIÓN LOS PRÓCERES DE LA INDEPENDENCIA`,
        distrito: 'SAN JUAN DE LURIGANCHO',
        provincia: 'LIMA',
        departamento: 'LIMA',
        telefono: '(01) 444-5555 / 999 888 777',
        email: 'facturacion.electronica@corporacion-andes-del-sur.com.pe',
      })
    ).id_empresa;
    a = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'cotizaciones.view', 'cotizaciones.create', 'clientes.create']);
    const logo = await QRCode.toBuffer('LOGO', { type: 'png', width: 160 });
    await request(t.http)
      .post(`/api/empresas/${empresaId}`)
      .set(bearer(admin.token))
      .field('leyenda_pie', LEYENDA_LARGA)
      .attach('logo', logo, { filename: 'logo.png', contentType: 'image/png' })
      .expect(201);
    docs = t.app.get(DocumentosImpresosService);

    const lineas = Array.from({ length: 45 }, (_, i) => ({
      descripcion: `${i + 1}. ${LARGO('SERVICIO DE MANTENIMIENTO PREVENTIVO Y CORRECTIVO DE EQUIPOS', 2)}`,
      cantidad: 1,
      precio_unitario: 118,
    }));
    const anio = Number(hoyLima().slice(0, 4)) + 1;
    const factura = await createFactura(t, a, {
      cliente_documento: nextRuc(),
      cliente_datos: `${RAZON_SOCIAL} CLIENTE`,
      cliente_direccion: `JR. LOS CONQUISTADORES ${LARGO('OFICINA', 20)} SAN ISIDRO LIMA`,
      forma_pago: 'Credito',
      fecha_vencimiento: `${anio}-03-31`,
      cuotas: [
        { monto: 1770, fecha_vencimiento: `${anio}-01-31` },
        { monto: 1770, fecha_vencimiento: `${anio}-02-28` },
        { monto: 1770, fecha_vencimiento: `${anio}-03-31` },
      ],
      guias: Array.from({ length: 8 }, (_, i) => ({ tipo: '09', serie: 'T001', numero: 1000 + i })),
      orden_compra: 'OC-2025-000123456789',
      documentos_relacionados: Array.from({ length: 6 }, (_, i) => ({ tipo: '99', numero: `CONTRATO-2025-${String(i).padStart(14, '0')}` })),
      productos: lineas,
    });
    const boleta = await createVenta(t, a, { cliente_datos: `${RAZON_SOCIAL} PERSONA`, productos: lineas.slice(0, 3) });
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '1', observaciones = $2 WHERE id_venta = $1`, [
      factura.id_venta,
      JSON.stringify([OBS_VENTA, OBS_VENTA]),
    ]);

    const motivosNc = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(a.token)).expect(200)).body.data;
    const motivosNd = (await request(t.http).get('/api/notas-debito/motivos').set(bearer(a.token)).expect(200)).body.data;
    const nc = await request(t.http)
      .post('/api/notas-credito')
      .set(bearer(a.token))
      .send({
        id_venta: factura.id_venta,
        motivo_id: motivosNc[0].id,
        descripcion_motivo: LARGO('Anulación por error en la descripción del servicio', 4).slice(0, 255),
      })
      .expect(201);
    const nd = await request(t.http)
      .post('/api/notas-debito')
      .set(bearer(a.token))
      .send({ id_venta: factura.id_venta, motivo_id: motivosNd[0].id, monto_total: 59, descripcion_motivo: LARGO('Intereses por mora', 8).slice(0, 255) })
      .expect(201);
    await t.dataSource.query(`UPDATE notas_credito SET observaciones = $2 WHERE id = $1`, [nc.body.data.id, JSON.stringify([OBS_NOTA])]);
    await t.dataSource.query(`UPDATE notas_debito SET observaciones = $2 WHERE id = $1`, [nd.body.data.id, JSON.stringify([OBS_NOTA])]);

    const guia = await request(t.http)
      .post('/api/guias-remision')
      .set(bearer(a.token))
      .send(
        guiaPrivada({
          destinatario_nombre: RAZON_SOCIAL,
          dir_partida: `AV. NICOLÁS AYLLÓN ${LARGO('ALMACÉN', 15)} ATE VITARTE`,
          documentos_relacionados: [
            { tipo: '01', serie_numero: `${factura.serie}-${factura.numero}` },
            { tipo: '09', serie_numero: 'T001-998' },
          ],
          observaciones: LARGO('Entregar en horario de oficina, con guía firmada y sellada', 5),
        }),
      )
      .expect(201);
    await t.dataSource.query(`UPDATE guias_remision SET observaciones_sunat = $2 WHERE id = $1`, [guia.body.data.id, JSON.stringify([OBS_GUIA])]);

    const cot = await request(t.http)
      .post('/api/cotizaciones')
      .set(bearer(a.token))
      .send({
        fecha: hoyLima(),
        moneda: 'PEN',
        aplicar_igv: true,
        cliente_nombre: `${RAZON_SOCIAL} COTIZANTE`,
        asunto: LARGO('Equipamiento integral de oficinas administrativas', 3),
        dias_pago: '30 días calendario desde la recepción conforme de la factura',
        observaciones: LARGO('Precios válidos por quince días', 6),
        productos: Array.from({ length: 30 }, (_, i) => ({
          nombre: `${i + 1}. ${LARGO('ESCRITORIO DE MELAMINA CON CAJONERA', 2)}`,
          cantidad: 1,
          precio_unitario: 450,
        })),
      })
      .expect(201);

    Object.assign(ids, {
      factura: factura.id_venta,
      boleta: boleta.id_venta,
      'nota-credito': nc.body.data.id,
      'nota-debito': nd.body.data.id,
      guia: guia.body.data.id,
      cotizacion: cot.body.data.id_cotizacion,
    });
    Object.assign(paths, {
      factura: `/reporteNV/${ids.factura}`,
      boleta: `/reporteNV/${ids.boleta}`,
      'nota-credito': `/reporte/nota-credito/${ids['nota-credito']}`,
      'nota-debito': `/reporte/nota-debito/${ids['nota-debito']}`,
      guia: `/reporte/guia/${ids.guia}`,
      cotizacion: `/reporte/cotizacion/${ids.cotizacion}`,
    });
  });
  afterAll(() => t.close());

  /** Renders one document from its stored data, recording its text boxes. */
  async function render(kind: Kind, formato: Formato): Promise<TextLayout> {
    const layout: TextLayout = { boxes: [], pages: [] };
    const options = { textLayout: layout };
    const id = ids[kind];
    const doc =
      kind === 'factura' || kind === 'boleta'
        ? renderVentaPdf(await docs.venta(empresaId, id), formato, options)
        : kind === 'nota-credito' || kind === 'nota-debito'
          ? renderNotaPdf(await docs.nota(kind === 'nota-credito' ? '07' : '08', empresaId, id), formato, options)
          : kind === 'guia'
            ? renderGuiaPdf(await docs.guia(empresaId, id), formato, options)
            : renderCotizacionPdf(await docs.cotizacion(empresaId, id), formato, options);
    writeFileSync(join(OUT, `largo-${kind}-${formato}.pdf`), await toBuffer(doc));
    return layout;
  }

  describe.each(['a4', 'ticket'] as const)('%s', (formato) => {
    it.each(KINDS)('%s: no text box crosses another, every box lies inside the margins', async (kind) => {
      const layout = await render(kind, formato);
      const texts = layout.boxes.map((b) => b.text);
      expect(texts).toContain(RAZON_SOCIAL);
      expect(texts.some((s) => s.startsWith(AUTORIZACION))).toBe(true);
      if (kind === 'factura') {
        expect(texts).toContain('Fecha de vencimiento:');
        expect(texts).toContain('Documentos relacionados:');
        if (formato === 'a4') expect(layout.pages.length).toBeGreaterThan(1);
      }
      if (kind.startsWith('nota')) expect(texts).toContain('Documento que modifica:');
      expect(layoutProblems(layout)).toEqual([]);
    });
  });

  describe.each(['', '/ticket'] as const)('printed text %s', (suffix) => {
    it.each(KINDS)("%s prints the company's legend at its foot", async (kind) => {
      // the ticket's narrow column may break a line after a '/': compared without white space
      const text = inspectPdf((await pdf(`${paths[kind]}${suffix}`)).body).flat.replace(/\s+/g, '');
      expect(text).toContain(AUTORIZACION.replace(/\s+/g, ''));
    });

    it.each(['factura', 'boleta', 'nota-credito', 'nota-debito'] as const)("%s prints SUNAT's page to check it", async (kind) => {
      const text = inspectPdf((await pdf(`${paths[kind]}${suffix}`)).body).flat;
      expect(text).toContain(`Consulte su validez en: ${CONSULTA}`);
    });

    it.each(['guia', 'cotizacion'] as const)('%s does not print the check page (SUNAT does not check it there)', async (kind) => {
      const text = inspectPdf((await pdf(`${paths[kind]}${suffix}`)).body).flat;
      expect(text).not.toContain(CONSULTA);
    });

    it.each([
      ['factura', OBS_VENTA],
      ['nota-credito', OBS_NOTA],
      ['nota-debito', OBS_NOTA],
      ['guia', OBS_GUIA],
    ] as const)("%s prints SUNAT's observations, each text once", async (kind, observacion) => {
      // compared without white space: a long observation wraps in the ticket's narrow column
      const text = inspectPdf((await pdf(`${paths[kind]}${suffix}`)).body).flat.replace(/\s+/g, '');
      expect(text).toContain(`ObservacionesSUNAT${observacion.replace(/\s+/g, '')}`);
      expect(text.split(observacion.replace(/\s+/g, '')).length - 1).toBe(1);
    });

    it('the guide prints its related documents with their type and issuer', async () => {
      const [factura] = await t.dataSource.query(`SELECT serie, numero FROM ventas WHERE id_venta = $1`, [ids.factura]);
      const text = inspectPdf((await pdf(`${paths.guia}${suffix}`)).body).flat;
      expect(text).toContain(`Documento relacionado: Factura ${factura.serie}-${factura.numero} (RUC `);
      expect(text).toContain('Documento relacionado: Guía de Remisión Remitente T001-998 (RUC ');
    });
  });

  describe('empresa.leyenda_pie', () => {
    it('is returned, trimmed, removed when empty, and refused over 500 characters (422 naming the field)', async () => {
      const url = `/api/empresas/${empresaId}`;
      const shown = (await request(t.http).get(url).set(bearer(admin.token)).expect(200)).body.data;
      expect(shown.leyenda_pie).toBe(LEYENDA_LARGA);
      const tooLong = await request(t.http)
        .post(url)
        .set(bearer(admin.token))
        .send({ leyenda_pie: 'x'.repeat(501) })
        .expect(422);
      expect(tooLong.body.errors.leyenda_pie).toHaveLength(1);
      expect(tooLong.body.errors.leyenda_pie[0]).toContain('500');
      const trimmed = await request(t.http)
        .post(url)
        .set(bearer(admin.token))
        .send({ leyenda_pie: `  ${AUTORIZACION}  ` })
        .expect(201);
      expect(trimmed.body.data.leyenda_pie).toBe(AUTORIZACION);
      const otra = (await createEmpresa(t, admin)).id_empresa;
      await request(t.http).post(`/api/empresas/${otra}`).set(bearer(admin.token)).send({ leyenda_pie: AUTORIZACION }).expect(201);
      const cleared = await request(t.http).post(`/api/empresas/${otra}`).set(bearer(admin.token)).send({ leyenda_pie: '   ' }).expect(201);
      expect(cleared.body.data.leyenda_pie).toBeNull();
      const cero = await request(t.http).post(`/api/empresas/${otra}`).set(bearer(admin.token)).send({ leyenda_pie: null }).expect(201);
      expect(cero.body.data.leyenda_pie).toBeNull();
    });
  });
});
