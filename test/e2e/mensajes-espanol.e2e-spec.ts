import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa } from '../support/factories';

/** Texts the framework writes by itself (Express, Nest's pipes, body-parser, multer, class-validator). */
const INGLES = /\b(Cannot|Validation failed|Unexpected|must|should|expected|too large|JSON at position|Bad Request|Not Found)\b|\de-\d/;

/** Every string of an answer, for the "no English" check. */
const textos = (body: unknown): string[] =>
  typeof body === 'string' ? [body] : body && typeof body === 'object' ? Object.values(body as object).flatMap(textos) : [];

describe('Whatever the request, the answer is in Spanish', () => {
  let t: TestApp;
  let admin: Session;
  const vistos: unknown[] = [];
  /** Each answer is kept for the last test, which looks for English in all of them. */
  const visto = (res: request.Response) => {
    vistos.push(res.body);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
  });
  afterAll(() => t.close());

  it('a body that is not JSON where JSON is expected: 415 saying what to send', async () => {
    const JSON_SOLO = 'El cuerpo de la solicitud debe enviarse como application/json (cabecera Content-Type).';
    const texto = visto(await request(t.http).post('/api/clientes').set(bearer(admin.token)).set('Content-Type', 'text/plain').send('documento=45678912'));
    expect({ status: texto.status, body: texto.body }).toEqual({ status: 415, body: { success: false, message: JSON_SOLO } });
    const formulario = visto(await request(t.http).post('/api/clientes').set(bearer(admin.token)).type('form').send({ documento: '45678912', datos: 'X' }));
    expect({ status: formulario.status, body: formulario.body }).toEqual({ status: 415, body: { success: false, message: JSON_SOLO } });
    const xml = visto(await request(t.http).put('/api/clientes/1').set(bearer(admin.token)).set('Content-Type', 'application/xml').send('<cliente/>'));
    expect(xml.status).toBe(415);
    // A route that also takes a form says so.
    const certificado = visto(await request(t.http).post('/api/empresas/1/certificado').set(bearer(admin.token)).set('Content-Type', 'text/plain').send('x'));
    expect({ status: certificado.status, body: certificado.body }).toEqual({
      status: 415,
      body: { success: false, message: 'El cuerpo de la solicitud debe enviarse como application/json o multipart/form-data (cabecera Content-Type).' },
    });
    // Without a body the validation still answers, field by field.
    const vacio = visto(await request(t.http).post('/api/clientes').set(bearer(admin.token)));
    expect({ status: vacio.status, errors: vacio.body.errors }).toEqual({
      status: 422,
      errors: { documento: ['documento es obligatorio.'], datos: ['datos es obligatorio.'] },
    });
  });

  it('malformed JSON, a body that is not an object, a charset: 422 / 415 in Spanish', async () => {
    const roto = visto(await request(t.http).post('/api/clientes').set(bearer(admin.token)).set('Content-Type', 'application/json').send('{"documento":'));
    expect({ status: roto.status, body: roto.body }).toEqual({
      status: 422,
      body: { success: false, message: 'Los datos enviados no son válidos.', errors: { body: ['El cuerpo de la solicitud no es un JSON válido.'] } },
    });
    const lista = visto(
      await request(t.http)
        .post('/api/clientes')
        .set(bearer(admin.token))
        .send([{ documento: '45678912' }]),
    );
    expect({ status: lista.status, errors: lista.body.errors }).toEqual({
      status: 422,
      errors: { body: ['El cuerpo de la solicitud debe ser un objeto JSON.'] },
    });
    const latin = visto(
      await request(t.http)
        .post('/api/clientes')
        .set(bearer(admin.token))
        .set('Content-Type', 'application/json; charset=klingon')
        .send('{"documento":"45678912"}'),
    );
    expect({ status: latin.status, body: latin.body }).toEqual({
      status: 415,
      body: { success: false, message: 'La codificación del cuerpo no se admite; envíelo en UTF-8.' },
    });
  });

  it('a missing field is `<campo> es obligatorio.`, alone; a quantity of 0 is "mayor que 0", never 1e-10', async () => {
    const sinCantidad = visto(
      await request(t.http)
        .post('/api/ventas')
        .set(bearer(admin.token))
        .send({ tipo_documento: '03', productos: [{ descripcion: 'BIEN', precio_unitario: 10 }] }),
    );
    expect({ status: sinCantidad.status, errors: sinCantidad.body.errors }).toEqual({
      status: 422,
      errors: { 'productos.0.cantidad': ['cantidad es obligatorio.'] },
    });
    const cero = visto(
      await request(t.http)
        .post('/api/ventas')
        .set(bearer(admin.token))
        .send({ tipo_documento: '03', productos: [{ descripcion: 'BIEN', precio_unitario: 10, cantidad: 0 }] }),
    );
    expect({ status: cero.status, errors: cero.body.errors }).toEqual({ status: 422, errors: { 'productos.0.cantidad': ['cantidad debe ser mayor que 0.'] } });
    const nulo = visto(await request(t.http).post('/api/auth/switch-empresa').set(bearer(admin.token)).send({ id_empresa: null }));
    expect({ status: nulo.status, errors: nulo.body.errors }).toEqual({ status: 422, errors: { id_empresa: ['id_empresa es obligatorio.'] } });
  });

  it('unknown routes, non-numeric ids, oversized bodies and files', async () => {
    const ruta = visto(await request(t.http).get('/api/no-existe?token=x').set(bearer(admin.token)));
    expect({ status: ruta.status, body: ruta.body }).toEqual({ status: 404, body: { success: false, message: 'Ruta no encontrada: GET /api/no-existe.' } });
    const metodo = visto(await request(t.http).patch('/api/ventas').set(bearer(admin.token)).send({}));
    expect({ status: metodo.status, body: metodo.body }).toEqual({ status: 404, body: { success: false, message: 'Ruta no encontrada: PATCH /api/ventas.' } });

    const id = visto(await request(t.http).get('/api/ventas/abc').set(bearer(admin.token)));
    expect({ status: id.status, body: id.body }).toEqual({
      status: 422,
      body: { success: false, message: 'Los datos enviados no son válidos.', errors: { id: ['id debe ser un número entero.'] } },
    });
    const rol = visto(await request(t.http).get('/api/permissions/role/uno').set(bearer(admin.token)));
    expect({ status: rol.status, errors: rol.body.errors }).toEqual({ status: 422, errors: { rolId: ['rolId debe ser un número entero.'] } });

    const grande = visto(
      await request(t.http)
        .post('/api/clientes')
        .set(bearer(admin.token))
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ datos: 'x'.repeat(6 * 1024 * 1024) })),
    );
    expect({ status: grande.status, body: grande.body }).toEqual({
      status: 413,
      body: { success: false, message: 'El cuerpo de la solicitud supera el tamaño máximo (5 MB).' },
    });
    const archivo = visto(
      await request(t.http)
        .post('/api/validar/01')
        .set(bearer(admin.token))
        .attach('archivo', Buffer.alloc(2 * 1024 * 1024 + 1, 0x20), 'grande.xml'),
    );
    expect({ status: archivo.status, body: archivo.body }).toEqual({
      status: 413,
      body: { success: false, message: expect.stringMatching(/^El (XML|archivo) supera/) },
    });
    const campo = visto(await request(t.http).post('/api/validar/01').set(bearer(admin.token)).attach('otro', Buffer.from('<x/>'), 'x.xml'));
    expect({ status: campo.status, errors: campo.body.errors }).toEqual({
      status: 422,
      errors: { otro: ['El formulario trae un archivo en un campo no esperado.'] },
    });
  });

  it('switch-empresa: one period after a name that ends with one', async () => {
    const empresa = await createEmpresa(t, admin, { razon_social: 'COMERCIAL ANDINA S.A.C.' });
    const res = await request(t.http).post('/api/auth/switch-empresa').set(bearer(admin.token)).send({ id_empresa: empresa.id_empresa }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Empresa cambiada a COMERCIAL ANDINA S.A.C.', id_empresa: empresa.id_empresa });
    const otra = await createEmpresa(t, admin, { razon_social: 'BODEGA LA ESQUINA' });
    const sinPunto = await request(t.http).post('/api/auth/switch-empresa').set(bearer(admin.token)).send({ id_empresa: otra.id_empresa }).expect(200);
    expect(sinPunto.body.message).toBe('Empresa cambiada a BODEGA LA ESQUINA.');
  });

  it('no English in any of the answers above', () => {
    expect(vistos.length).toBeGreaterThan(10);
    expect(vistos.flatMap(textos).filter((s) => INGLES.test(s))).toEqual([]);
  });
});
