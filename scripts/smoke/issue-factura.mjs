// A deployed service's main job, over HTTP only: readiness, a login, a company, a factura created, sent to SUNAT
// (the simulator or whatever the service is configured with), and its XML, CDR and PDF downloaded.
// Plain JavaScript on Node's own fetch, so it runs under any tested Node with no install:
//   node scripts/smoke/issue-factura.mjs http://127.0.0.1:3000 admin <password>
// Exits 1 with the failing step; prints one line per step.
const [base = 'http://127.0.0.1:3000', user = 'admin', password = 'admin12345'] = process.argv.slice(2);
const READY_WAIT_MS = Number(process.env.SMOKE_READY_WAIT_MS ?? 240_000);

function fail(step, detail) {
  console.error(`smoke: ${step} failed: ${detail}`);
  process.exit(1);
}

async function call(step, path, { method = 'GET', token, body, expect = 200 } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  let res;
  try {
    res = await fetch(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch (error) {
    fail(step, error.cause?.message ?? error.message);
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== expect) fail(step, `${method} ${path} answered ${res.status}: ${bytes.toString('utf8').slice(0, 500)}`);
  console.log(`smoke: ${step}: ${res.status} (${bytes.length} bytes)`);
  return { res, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

async function waitReady() {
  const until = Date.now() + READY_WAIT_MS;
  let last = 'no answer';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/api/health/ready`);
      last = `${res.status} ${(await res.text()).slice(0, 300)}`;
      if (res.status === 200) return console.log('smoke: ready: 200');
    } catch (error) {
      last = error.cause?.message ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  fail('readiness', last);
}

function ruc() {
  const base = `20${10_000_000 + Math.floor(Math.random() * 80_000_000)}`;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
  return base + String((11 - (sum % 11)) % 10);
}

await waitReady();
const token = (await call('login', '/api/auth/login', { method: 'POST', body: { user, password } })).json().token;
if (!token) fail('login', 'no token in the answer');
const empresa = (
  await call('empresa', '/api/empresas', {
    method: 'POST',
    token,
    expect: 201,
    body: { ruc: ruc(), razon_social: 'EMPRESA DE HUMO S.A.C.', direccion: 'AV. PRUEBA 1' },
  })
).json().data;
// The administrator's session acts on the company it just created.
await call('cambiar empresa', '/api/auth/switch-empresa', { method: 'POST', token, body: { id_empresa: empresa.id_empresa } });
const session = token;
const venta = (
  await call('factura', '/api/ventas', {
    method: 'POST',
    token: session,
    expect: 201,
    body: {
      tipo_documento: '01',
      cliente_documento: ruc(),
      cliente_datos: 'CLIENTE DE HUMO S.A.C.',
      productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
    },
  })
).json().data;
const sent = (await call('enviar', `/api/ventas/${venta.id_venta}/enviar`, { method: 'POST', token: session })).json();
if (sent.success !== true) fail('enviar', JSON.stringify(sent));
const xml = (await call('xml', `/api/ventas/${venta.id_venta}/xml`, { token: session })).bytes.toString('utf8');
if (!xml.includes('<ds:SignatureValue>') || !xml.includes(`${venta.serie}-${venta.numero}`)) fail('xml', 'not the signed factura');
const cdr = (await call('cdr', `/api/ventas/${venta.id_venta}/cdr`, { token: session })).bytes;
if (cdr.subarray(0, 2).toString('latin1') !== 'PK') fail('cdr', 'not a zip');
const pdf = (await call('pdf', `/reporteNV/${venta.id_venta}`, { token: session })).bytes;
if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') fail('pdf', 'not a PDF');
console.log(`smoke: passed (${venta.serie}-${venta.numero} accepted, XML ${xml.length} bytes, CDR ${cdr.length}, PDF ${pdf.length})`);
