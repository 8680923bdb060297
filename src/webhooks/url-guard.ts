import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Ranges an endpoint may not reach unless private addresses are allowed: this host, private networks, link-local, reserved. */
const PROHIBIDAS = new BlockList();
for (const [red, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  PROHIBIDAS.addSubnet(red, bits, 'ipv4');
for (const [red, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  PROHIBIDAS.addSubnet(red, bits, 'ipv6');

/** The 16 bytes of an IPv6 address (zone id dropped, an embedded dotted quad read), or null when it is not one. */
export function bytesIpv6(direccion: string): number[] | null {
  const texto = direccion.split('%')[0];
  if (isIP(texto) !== 6) return null;
  let partes = texto;
  const cuatro = /(\d+\.\d+\.\d+\.\d+)$/.exec(texto);
  if (cuatro) {
    const [a, b, c, d] = cuatro[1].split('.').map(Number);
    partes = `${texto.slice(0, -cuatro[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [cabeza, cola] = partes.split('::');
  const grupos = (s: string | undefined) => (s ? s.split(':').filter(Boolean) : []);
  const izquierda = grupos(cabeza);
  const derecha = cola === undefined ? [] : grupos(cola);
  const todos = cola === undefined ? izquierda : [...izquierda, ...Array<string>(8 - izquierda.length - derecha.length).fill('0'), ...derecha];
  return todos.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function ipv4Dentro(bytes: number[]): string | null {
  const ceros = (desde: number, hasta: number) => bytes.slice(desde, hasta).every((b) => b === 0);
  const v4 = (i: number) => bytes.slice(i, i + 4).join('.');
  if (ceros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12);
  if (ceros(0, 12) && !ceros(12, 16) && !(ceros(12, 15) && bytes[15] === 1)) return v4(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && ceros(4, 12)) return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return null;
}

/** Whether the address is loopback, private, link-local or otherwise not a public unicast address (IPv4 or IPv6). */
export function direccionProhibida(direccion: string): boolean {
  const texto = direccion.split('%')[0];
  const familia = isIP(texto);
  if (familia === 4) return PROHIBIDAS.check(texto, 'ipv4');
  if (familia !== 6) return true;
  const bytes = bytesIpv6(texto)!;
  const v4 = ipv4Dentro(bytes);
  if (v4) return PROHIBIDAS.check(v4, 'ipv4');
  return PROHIBIDAS.check(texto, 'ipv6');
}

export type UrlComprobada = { ok: true; url: URL } | { ok: false; motivo: string };

/** Only http(s), with a host and without credentials in it. */
export function comprobarUrl(texto: string): UrlComprobada {
  let url: URL;
  try {
    url = new URL(texto);
  } catch {
    return { ok: false, motivo: 'La URL no es válida.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, motivo: 'La URL debe empezar por http:// o https://.' };
  if (!url.hostname) return { ok: false, motivo: 'La URL debe tener un host.' };
  if (url.username || url.password) return { ok: false, motivo: 'La URL no debe llevar usuario ni contraseña.' };
  return { ok: true, url };
}

export type Resolucion = (host: string) => Promise<LookupAddress[]>;

/** Every address of a name, as the operating system resolves it (hosts file included), like a connection would. */
export const resolverConSistema: Resolucion = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, direcciones) => (error ? reject(error) : resolve(direcciones))));

export type Destino = { ok: true; direcciones: LookupAddress[] } | { ok: false; motivo: string };

/**
 * The addresses a delivery to `url` may connect to: the literal address, or every address the name resolves to.
 * Without `permitirPrivadas`, one prohibited address among them refuses the whole name (a name that also resolves
 * to an internal address could be steered there). The sender connects only to these addresses, so the name cannot
 * resolve to something else between this check and the connection.
 */
export async function resolverDestino(url: URL, permitirPrivadas: boolean, resolver: Resolucion = resolverConSistema): Promise<Destino> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let direcciones: LookupAddress[];
  const familia = isIP(host);
  if (familia) direcciones = [{ address: host, family: familia }];
  else {
    try {
      direcciones = await resolver(host);
    } catch (error) {
      return { ok: false, motivo: `No se pudo resolver ${host}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
    }
  }
  if (!direcciones.length) return { ok: false, motivo: `No se pudo resolver ${host}.` };
  if (!permitirPrivadas) {
    const prohibida = direcciones.find((d) => direccionProhibida(d.address));
    if (prohibida) return { ok: false, motivo: `${host} resuelve a una dirección privada, local o reservada (${prohibida.address}); no está permitida.` };
  }
  return { ok: true, direcciones };
}
