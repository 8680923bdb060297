import request from 'supertest';
import { TestApp } from './create-test-app';
import { bearer, login, Session } from './auth';

let seq = 0;

/** A valid RUC (check digit computed), unique within the test file. */
const rucStart = 10_000_000 + Math.floor(Math.random() * 80_000_000);
export function nextRuc(): string {
  seq += 1;
  const base = `20${rucStart + seq}`;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
  return base + String((11 - (sum % 11)) % 10);
}

export async function createEmpresa(t: TestApp, admin: Session, fields: Record<string, unknown> = {}) {
  const res = await request(t.http)
    .post('/api/empresas')
    .set(bearer(admin.token))
    .send({ ruc: nextRuc(), razon_social: `EMPRESA ${seq} S.A.C.`, direccion: 'AV. PRUEBA 1', ...fields });
  if (res.status !== 201) throw new Error(`createEmpresa: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id_empresa: number; ruc: string };
}

export async function createRole(t: TestApp, admin: Session, nombre: string, permissions: string[]) {
  const res = await request(t.http).post('/api/roles').set(bearer(admin.token)).send({ nombre });
  if (res.status !== 201) throw new Error(`createRole: ${res.status} ${JSON.stringify(res.body)}`);
  const rolId = res.body.data.rol_id as number;
  const put = await request(t.http).put(`/api/permissions/role/${rolId}`).set(bearer(admin.token)).send({ permissions });
  if (put.status !== 200) throw new Error(`set permissions: ${put.status} ${JSON.stringify(put.body)}`);
  return rolId;
}

/** A non-administrator of the given company with a role holding exactly `permissions`; returns its session. */
export async function createUserSession(t: TestApp, admin: Session, empresaId: number, permissions: string[]): Promise<Session & { userId: number }> {
  seq += 1;
  const rolId = await createRole(t, admin, `rol-${seq}-${Date.now()}`, permissions);
  const usuario = `user${seq}_${Date.now()}`;
  const res = await request(t.http)
    .post('/api/usuarios')
    .set(bearer(admin.token))
    .send({ usuario, name: `Usuario ${seq}`, email: `${usuario}@test.pe`, password: 'clave-segura-1', rol_id: rolId, id_empresa: empresaId });
  if (res.status !== 201) throw new Error(`createUser: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await login(t, usuario, 'clave-segura-1');
  return { ...session, userId: res.body.data.id };
}

/** A DNI (8 digits) unique within the test run. */
export function nextDni(): string {
  seq += 1;
  return String(40000000 + (((Date.now() % 100000) * 100 + seq) % 9999999));
}

async function post(t: TestApp, session: Session, path: string, body: Record<string, unknown>) {
  const res = await request(t.http).post(path).set(bearer(session.token)).send(body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createCliente(t: TestApp, session: Session, fields: Record<string, unknown> = {}) {
  return post(t, session, '/api/clientes', { documento: nextDni(), datos: `CLIENTE ${seq}`, ...fields }) as Promise<{ id_cliente: number; documento: string }>;
}

export async function createProveedor(t: TestApp, session: Session, fields: Record<string, unknown> = {}) {
  return post(t, session, '/api/proveedores', { ruc: nextRuc(), razon_social: `PROVEEDOR ${seq} S.A.C.`, ...fields }) as Promise<{
    id_proveedor: number;
    ruc: string;
  }>;
}

export async function createProducto(t: TestApp, session: Session, fields: Record<string, unknown> = {}) {
  seq += 1;
  return post(t, session, '/api/productos', { codigo: `P${seq}-${Date.now() % 100000}`, nombre: `PRODUCTO ${seq}`, precio: 10, ...fields }) as Promise<{
    id_producto: number;
    codigo: string;
    stock: number;
  }>;
}

export async function createCompra(t: TestApp, session: Session, fields: Record<string, unknown>) {
  seq += 1;
  return post(t, session, '/api/compras', { fecha: '2025-01-15', tipo_documento: '01', serie: 'F001', numero: seq, ...fields }) as Promise<{
    id_compra: number;
    total: number;
  }>;
}

/**
 * A sale through POST /api/ventas (201 or throws). Defaults: a boleta to a new DNI client with one free-text
 * line of 118.00 and no stock. Pass `tipo_documento: '01'` with a RUC client (cliente_documento: nextRuc()) for a factura.
 */
export async function createVenta(t: TestApp, session: Session, fields: Record<string, unknown> = {}) {
  const res = await request(t.http)
    .post('/api/ventas')
    .set(bearer(session.token))
    .send({
      tipo_documento: '03',
      cliente_documento: nextDni(),
      cliente_datos: `CLIENTE VENTA ${seq}`,
      productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
      ...fields,
    });
  if (res.status !== 201) throw new Error(`createVenta: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as {
    id_venta: number;
    tipo_documento: string;
    serie: string;
    numero: number;
    numero_completo: string;
    nombre_xml: string;
    total: number;
    estado: string;
    estado_sunat: string;
  };
}

/** An invoice (01) to a new RUC client; see createVenta. */
export function createFactura(t: TestApp, session: Session, fields: Record<string, unknown> = {}) {
  return createVenta(t, session, { tipo_documento: '01', cliente_documento: nextRuc(), cliente_datos: `EMPRESA CLIENTE ${seq} S.A.C.`, ...fields });
}

/** An invoice accepted by SUNAT (estado_sunat '1'): created with createFactura, then POST /api/ventas/{id}/enviar (needs the simulator). */
export async function createFacturaAceptada(t: TestApp, session: Session, fields: Record<string, unknown> = {}) {
  const venta = await createFactura(t, session, fields);
  const res = await request(t.http).post(`/api/ventas/${venta.id_venta}/enviar`).set(bearer(session.token));
  if (res.status !== 200 || res.body.success !== true) throw new Error(`enviar venta: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...venta, estado_sunat: '1' };
}

/** A client row of the company straight in the database (for bulk sales); returns its id. */
export async function insertCliente(t: TestApp, empresaId: number, documento = nextRuc(), datos = `CLIENTE MASIVO ${seq}`): Promise<number> {
  const rows: Array<{ id_cliente: number }> = await t.dataSource.query(
    `INSERT INTO clientes (id_empresa, tipo_doc, documento, datos) VALUES ($1, $2, $3, $4) RETURNING id_cliente`,
    [empresaId, documento.length === 11 ? '6' : '1', documento, datos],
  );
  return rows[0].id_cliente;
}
