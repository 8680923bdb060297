import { Logger } from '@nestjs/common';
import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { bearer, login, Session } from '../support/auth';
import { createCliente, createEmpresa, createFactura, createUserSession, createVenta, nextRuc } from '../support/factories';
import { MensajeRecibido, ServidorSmtp, startSmtpProcess } from '../support/smtp-proceso';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(180_000);

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, deadlineMs = 90_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const VENTAS = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete', 'clientes.view', 'clientes.create'];

/**
 * E-mail to the buyer against a real SMTP server: the smtp-server package in a child process started here
 * (test/support/smtp-servidor.js), whose received messages are parsed with mailparser. The app sends through its
 * background sender (MAIL_WORKER on) with short intervals and backoff.
 */
describe('E-mail of accepted documents to the buyer', () => {
  let t: TestAppWithSunat;
  let smtp: ServidorSmtp;
  let admin: Session;
  let user: Session;
  let empresa: { id_empresa: number; ruc: string };
  let sinCorreo: Session;
  let otraEmpresa: number;
  const logs: string[] = [];

  beforeAll(async () => {
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const) {
      const original = Logger.prototype[level];
      jest.spyOn(Logger.prototype, level).mockImplementation(function (this: Logger, ...args: unknown[]) {
        logs.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
        return (original as (...a: unknown[]) => void).apply(this, args);
      });
    }
    smtp = await startSmtpProcess();
    t = await createTestAppWithSunat({
      MAIL_WORKER: 'true',
      MAIL_INTERVAL_MS: '100',
      MAIL_BACKOFF_BASE_MS: '200',
      MAIL_BACKOFF_MAX_MS: '400',
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_TIMEOUT_MS: '10000',
    });
    admin = await login(t);
    empresa = await createEmpresa(t, admin, { email: 'contacto@empresa.test' });
    user = await createUserSession(t, admin, empresa.id_empresa, VENTAS);
    otraEmpresa = (await createEmpresa(t, admin)).id_empresa;
    sinCorreo = await createUserSession(t, admin, otraEmpresa, VENTAS);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    for (const name of Object.keys(process.env).filter((n) => n.startsWith('MAIL_'))) delete process.env[name];
    jest.restoreAllMocks();
  });

  const api = (s: Session) => ({
    get: (path: string) => request(t.http).get(path).set(bearer(s.token)),
    post: (path: string, body?: object) => request(t.http).post(path).set(bearer(s.token)).send(body),
  });
  const binary = (path: string) =>
    request(t.http)
      .get(path)
      .set(bearer(user.token))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  const nombreDe = (res: request.Response) => /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];
  const correoDe = async (path: string, estado: string) =>
    eventually(async () => {
      const correo = (await api(user).get(path).expect(200)).body.data.correo;
      return correo?.estado === estado ? correo : undefined;
    }, `${path} correo ${estado}`);
  const mensajesPara = async (direccion: string) => (await smtp.mensajes()).filter((m) => m.para.includes(direccion));
  const mensajePara = (direccion: string, cuantos = 1) =>
    eventually(async () => {
      const ms = await mensajesPara(direccion);
      return ms.length >= cuantos ? ms[cuantos - 1] : undefined;
    }, `mensaje ${cuantos} para ${direccion}`);
  const filas = (tipo: string, id: number) =>
    t.dataSource.query(`SELECT estado, intentos, destinatarios, detalle FROM correos WHERE tipo = $1 AND id_documento = $2 ORDER BY id`, [tipo, id]) as Promise<
      Array<{ estado: string; intentos: number; destinatarios: string[]; detalle: string | null }>
    >;

  /** The three attachments equal, byte for byte and by file name, what the download endpoints serve. */
  async function adjuntosIguales(m: MensajeRecibido, rutas: { pdf: string; xml: string; cdr: string }) {
    const adjuntos = m.correo.attachments;
    expect(adjuntos).toHaveLength(3);
    for (const [ruta, tipo] of [
      [rutas.pdf, 'application/pdf'],
      [rutas.xml, 'application/xml'],
      [rutas.cdr, 'application/zip'],
    ] as const) {
      const res = await binary(ruta).expect(200);
      const adjunto = adjuntos.find((a) => a.filename === nombreDe(res));
      expect(adjunto).toBeDefined();
      expect(adjunto!.contentType).toBe(tipo);
      expect(Buffer.compare(adjunto!.content, res.body as Buffer)).toBe(0);
    }
  }

  it('company settings: smtp_url is validated, stored encrypted and never returned; automatic mail needs it', async () => {
    const url = `/api/empresas/${empresa.id_empresa}`;
    const malUrl = await api(admin).post(url, { smtp_url: 'http://127.0.0.1:25' }).expect(422);
    expect(Object.keys(malUrl.body.errors)).toEqual(['smtp_url']);
    const conRuta = await api(admin)
      .post(url, { smtp_url: `${smtp.url}/x?debug=true` })
      .expect(422);
    expect(Object.keys(conRuta.body.errors)).toEqual(['smtp_url']);
    const sinAjustes = await api(admin).post(url, { correo_automatico: true, correo_remitente: 'no-es-correo' }).expect(422);
    expect(Object.keys(sinAjustes.body.errors).sort()).toEqual(['correo_remitente']);
    const faltaSmtp = await api(admin).post(url, { correo_automatico: true }).expect(422);
    expect(Object.keys(faltaSmtp.body.errors)).toEqual(['correo_automatico']);

    const ok = await api(admin).post(url, { smtp_url: smtp.url, correo_remitente: 'ventas@empresa.test', correo_automatico: 'true' }).expect(201);
    expect(ok.body.data).toMatchObject({ tiene_smtp: true, correo_remitente: 'ventas@empresa.test', correo_automatico: true });
    expect(ok.body.data).not.toHaveProperty('smtp_url');
    expect(ok.body.data).not.toHaveProperty('smtp_url_cifrada');
    for (const res of [ok, await api(admin).get(url).expect(200), await api(admin).get('/api/empresas').expect(200)]) {
      expect(JSON.stringify(res.body)).not.toContain(smtp.clave);
      expect(JSON.stringify(res.body)).not.toContain('smtp://');
    }
    const [row] = await t.dataSource.query(`SELECT smtp_url_cifrada FROM empresas WHERE id_empresa = $1`, [empresa.id_empresa]);
    expect(row.smtp_url_cifrada).toMatch(/^v1:/);
    expect(row.smtp_url_cifrada).not.toContain(smtp.clave);
    expect(row.smtp_url_cifrada).not.toContain(String(smtp.puerto));
    // the removal of the URL while automatic mail is on is refused; the other company shows none
    expect((await api(admin).post(url, { smtp_url: '' }).expect(422)).body.errors).toHaveProperty('correo_automatico');
    expect((await api(admin).get(`/api/empresas/${otraEmpresa}`).expect(200)).body.data).toMatchObject({ tiene_smtp: false, correo_automatico: false });
  });

  it('an accepted factura is mailed by itself to its client: subject, body and the three files equal to GET xml, cdr and the PDF', async () => {
    const cliente = await createCliente(t, user, { documento: nextRuc(), datos: 'COMPRADOR FELIZ S.A.C.', email: 'compras@cliente.test' });
    const f = await createFactura(t, user, { id_cliente: cliente.id_cliente, cliente_documento: undefined, cliente_datos: undefined });
    // nothing is mailed before SUNAT accepts it
    expect((await api(user).get(`/api/ventas/${f.id_venta}`).expect(200)).body.data.correo).toBeNull();
    await api(user).post(`/api/ventas/${f.id_venta}/enviar`).expect(200);
    const correo = await correoDe(`/api/ventas/${f.id_venta}`, 'enviado');
    expect(correo).toMatchObject({ destinatarios: ['compras@cliente.test'] });
    expect(correo.detalle).toContain('250');
    expect(Number.isNaN(Date.parse(correo.fecha))).toBe(false);

    const m = await mensajePara('compras@cliente.test');
    expect(m.usuario).toBe(smtp.usuario);
    expect(m.de).toBe('ventas@empresa.test');
    const emisor = (await api(admin).get(`/api/empresas/${empresa.id_empresa}`)).body.data.razon_social as string;
    expect(m.correo.subject).toBe(`FACTURA ELECTRÓNICA ${f.serie}-${f.numero} - ${emisor}`);
    expect(m.correo.from?.value[0]).toMatchObject({ address: 'ventas@empresa.test', name: emisor });
    expect(m.correo.replyTo?.value[0].address).toBe('contacto@empresa.test');
    expect(m.correo.text).toContain('Estimado(a) COMPRADOR FELIZ S.A.C.:');
    expect(m.correo.text).toContain(`factura electrónica ${f.serie}-${f.numero}`);
    expect(m.correo.text).toContain('S/ 118.00');
    await adjuntosIguales(m, { pdf: `/reporteNV/${f.id_venta}`, xml: `/api/ventas/${f.id_venta}/xml`, cdr: `/api/ventas/${f.id_venta}/cdr` });
    expect(await filas('venta', f.id_venta)).toEqual([expect.objectContaining({ estado: 'enviado', intentos: 1 })]);
  });

  it('enviar-correo resends on demand (202, pendiente, then enviado) to the client or to the addresses given', async () => {
    const cliente = await createCliente(t, user, { documento: nextRuc(), datos: 'OTRO COMPRADOR S.A.C.', email: 'otro@cliente.test' });
    const f = await createFactura(t, user, { id_cliente: cliente.id_cliente, cliente_documento: undefined, cliente_datos: undefined });
    await api(user).post(`/api/ventas/${f.id_venta}/enviar`).expect(200);
    await correoDe(`/api/ventas/${f.id_venta}`, 'enviado');
    const otraVez = await api(user).post(`/api/ventas/${f.id_venta}/enviar-correo`).expect(202);
    expect(otraVez.body).toMatchObject({ success: true, correo: { estado: 'pendiente', destinatarios: ['otro@cliente.test'], detalle: null } });
    await mensajePara('otro@cliente.test', 2);

    const res = await api(user)
      .post(`/api/ventas/${f.id_venta}/enviar-correo`, { destinatarios: ['conta@cliente.test', 'CONTA@cliente.test', 'jefe@cliente.test'] })
      .expect(202);
    expect(res.body.correo.destinatarios).toEqual(['conta@cliente.test', 'jefe@cliente.test']);
    const correo = await correoDe(`/api/ventas/${f.id_venta}`, 'enviado');
    expect(correo.destinatarios).toEqual(['conta@cliente.test', 'jefe@cliente.test']);
    const m = await mensajePara('jefe@cliente.test');
    expect(m.para.sort()).toEqual(['conta@cliente.test', 'jefe@cliente.test']);
    await adjuntosIguales(m, { pdf: `/reporteNV/${f.id_venta}`, xml: `/api/ventas/${f.id_venta}/xml`, cdr: `/api/ventas/${f.id_venta}/cdr` });
    expect((await filas('venta', f.id_venta)).map((r) => r.estado)).toEqual(['enviado', 'enviado', 'enviado']);
  });

  it('a recipient the server refuses (550) is recorded as error with the SMTP text and not retried; a deferral (451) is retried', async () => {
    const f = await createFactura(t, user);
    await api(user).post(`/api/ventas/${f.id_venta}/enviar`).expect(200);
    await api(user)
      .post(`/api/ventas/${f.id_venta}/enviar-correo`, { destinatarios: ['rechazado@cliente.test'] })
      .expect(202);
    const error = await correoDe(`/api/ventas/${f.id_venta}`, 'error');
    expect(error.destinatarios).toEqual(['rechazado@cliente.test']);
    expect(error.detalle).toContain('550');
    expect(error.detalle).toContain('buzón inexistente');
    // a later mail of the same sale goes through the queue after it: the refused one was never claimed again
    await api(user)
      .post(`/api/ventas/${f.id_venta}/enviar-correo`, { destinatarios: ['temporal@cliente.test'] })
      .expect(202);
    const enviado = await correoDe(`/api/ventas/${f.id_venta}`, 'enviado');
    expect(enviado.destinatarios).toEqual(['temporal@cliente.test']);
    const [rechazado, diferido] = await filas('venta', f.id_venta);
    expect(rechazado).toMatchObject({ estado: 'error', intentos: 1 });
    expect(diferido).toMatchObject({ estado: 'enviado', intentos: 2 });
    expect(await mensajesPara('rechazado@cliente.test')).toHaveLength(0);
    expect(await mensajesPara('temporal@cliente.test')).toHaveLength(1);
  });

  it('refusals of the request: invalid addresses 422 by index, not accepted 409, no client e-mail 422, no settings 409, 404/403', async () => {
    const pendiente = await createFactura(t, user);
    const url = `/api/ventas/${pendiente.id_venta}/enviar-correo`;
    const mala = await api(user)
      .post(url, { destinatarios: ['bien@cliente.test', 'no es correo'] })
      .expect(422);
    expect(mala.body.errors).toEqual({ 'destinatarios.1': [expect.stringContaining('correo electrónico')] });
    expect(Object.keys((await api(user).post(url, { destinatarios: [] }).expect(422)).body.errors)).toEqual(['destinatarios']);
    const once = Array.from({ length: 11 }, (_, i) => `c${i}@cliente.test`);
    expect(Object.keys((await api(user).post(url, { destinatarios: once }).expect(422)).body.errors)).toEqual(['destinatarios']);
    expect(
      Object.keys(
        (
          await api(user)
            .post(url, { para: ['x@cliente.test'] })
            .expect(422)
        ).body.errors,
      ),
    ).toEqual(['para']);
    expect((await api(user).post(url).expect(409)).body).toEqual({ success: false, message: expect.stringContaining('aún no fue aceptado') });

    const sinEmail = await createFactura(t, user);
    await api(user).post(`/api/ventas/${sinEmail.id_venta}/enviar`).expect(200);
    expect((await api(user).post(`/api/ventas/${sinEmail.id_venta}/enviar-correo`).expect(422)).body.errors).toHaveProperty('destinatarios');

    const ajena = await createFactura(t, sinCorreo);
    // both beta companies file as 20000000001 at SUNAT, so this one's F001 numbers are already taken there: accepted by hand
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '1' WHERE id_venta = $1`, [ajena.id_venta]);
    const sinAjustes = await api(sinCorreo)
      .post(`/api/ventas/${ajena.id_venta}/enviar-correo`, { destinatarios: ['x@cliente.test'] })
      .expect(409);
    expect(sinAjustes.body.message).toContain('smtp_url');
    await api(user)
      .post(`/api/ventas/${ajena.id_venta}/enviar-correo`, { destinatarios: ['x@cliente.test'] })
      .expect(403);
    await api(user)
      .post('/api/ventas/99999999/enviar-correo', { destinatarios: ['x@cliente.test'] })
      .expect(404);
    const soloVer = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view']);
    await api(soloVer)
      .post(`/api/ventas/${sinEmail.id_venta}/enviar-correo`, { destinatarios: ['x@cliente.test'] })
      .expect(403);
    expect(await filas('venta', pendiente.id_venta)).toEqual([]);
    expect(await filas('venta', ajena.id_venta)).toEqual([]);
  });

  it('an accepted credit note is mailed by itself with its own PDF, XML and CDR; enviar-correo works for debit notes', async () => {
    const cliente = await createCliente(t, user, { documento: nextRuc(), datos: 'CLIENTE DE NOTAS S.A.C.', email: 'notas@cliente.test' });
    const f = await createFactura(t, user, { id_cliente: cliente.id_cliente, cliente_documento: undefined, cliente_datos: undefined });
    await api(user).post(`/api/ventas/${f.id_venta}/enviar`).expect(200);
    await mensajePara('notas@cliente.test');
    const motivos = (await api(user).get('/api/notas-credito/motivos').expect(200)).body.data as Array<{ id: number; codigo_sunat: string }>;
    const nc = (
      await api(user)
        .post('/api/notas-credito', { id_venta: f.id_venta, motivo_id: motivos.find((m) => m.codigo_sunat === '01')!.id })
        .expect(201)
    ).body.data;
    await api(user).post(`/api/notas-credito/${nc.id}/enviar`).expect(200);
    const correo = await correoDe(`/api/notas-credito/${nc.id}`, 'enviado');
    expect(correo.destinatarios).toEqual(['notas@cliente.test']);
    const m = await mensajePara('notas@cliente.test', 2);
    expect(m.correo.subject).toMatch(new RegExp(`^NOTA DE CRÉDITO ELECTRÓNICA ${nc.serie}-${nc.numero} - `));
    expect(m.correo.text).toContain(`que modifica la factura ${f.serie}-${f.numero}`);
    await adjuntosIguales(m, { pdf: `/reporte/nota-credito/${nc.id}`, xml: `/api/notas-credito/xml/${nc.nombre_xml}`, cdr: `/api/notas-credito/${nc.id}/cdr` });

    const otra = await createFactura(t, user);
    await api(user).post(`/api/ventas/${otra.id_venta}/enviar`).expect(200);
    const motivoNd = (await api(user).get('/api/notas-debito/motivos').expect(200)).body.data[0].id;
    const nd = (
      await api(user)
        .post('/api/notas-debito', { id_venta: otra.id_venta, motivo_id: motivoNd, monto_total: 11.8, descripcion_motivo: 'INTERESES' })
        .expect(201)
    ).body.data;
    await api(user)
      .post(`/api/notas-debito/${nd.id}/enviar-correo`, { destinatarios: ['nd@cliente.test'] })
      .expect(409);
    await api(user).post(`/api/notas-debito/${nd.id}/enviar`).expect(200);
    await api(user)
      .post(`/api/notas-debito/${nd.id}/enviar-correo`, { destinatarios: ['nd@cliente.test'] })
      .expect(202);
    await correoDe(`/api/notas-debito/${nd.id}`, 'enviado');
    const mnd = await mensajePara('nd@cliente.test');
    expect(mnd.correo.subject).toMatch(/^NOTA DE DÉBITO ELECTRÓNICA /);
    await adjuntosIguales(mnd, { pdf: `/reporte/nota-debito/${nd.id}`, xml: `/api/notas-debito/xml/${nd.nombre_xml}`, cdr: `/api/notas-debito/${nd.id}/cdr` });
  });

  it("a boleta is mailed when its daily summary is accepted, with the summary's CDR", async () => {
    const cliente = await createCliente(t, user, { datos: 'ANA COMPRADORA', email: 'ana@cliente.test' });
    const b = await createVenta(t, user, { id_cliente: cliente.id_cliente, cliente_documento: undefined, cliente_datos: undefined });
    const rc = (
      await api(user)
        .post('/api/resumen-diario', { ids: [b.id_venta], fecha_resumen: hoyLima() })
        .expect(200)
    ).body;
    await api(user).post('/api/resumen-diario/consultar-ticket', { ticket: rc.ticket }).expect(200);
    await correoDe(`/api/ventas/${b.id_venta}`, 'enviado');
    const m = await mensajePara('ana@cliente.test');
    expect(m.correo.subject).toMatch(new RegExp(`^BOLETA DE VENTA ELECTRÓNICA ${b.serie}-${b.numero} - `));
    await adjuntosIguales(m, { pdf: `/reporteNV/${b.id_venta}`, xml: `/api/ventas/${b.id_venta}/xml`, cdr: `/api/resumen-diario/cdr/${rc.nombre_archivo}` });
  });

  it('the SMTP URL and its password appear in no answer, stored text or log line', async () => {
    const detalles = (await t.dataSource.query(`SELECT detalle FROM correos`)) as Array<{ detalle: string | null }>;
    expect(detalles.length).toBeGreaterThan(5);
    expect(logs.some((l) => l.includes('no enviado'))).toBe(true);
    for (const texto of [...logs, ...detalles.map((d) => d.detalle ?? '')]) {
      expect(texto).not.toContain(smtp.clave);
      expect(texto).not.toContain(encodeURIComponent(smtp.clave));
      expect(texto).not.toContain('smtp://');
    }
    expect(smtp.errores()).toBe('');
  });
});
