import { LookupAddress } from 'node:dns';
import { IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/** How much of a receiver's answer is read (the rest is dropped) and how much of it the delivery log keeps. */
export const MAX_RESPUESTA_BYTES = 64 * 1024;
export const MAX_EXTRACTO = 500;

export interface PeticionEntrega {
  url: URL;
  /** The addresses the URL guard checked: the connection goes to these, the name is not resolved again. */
  direcciones: LookupAddress[];
  cuerpo: string;
  cabeceras: Record<string, string>;
  timeoutMs: number;
}

export interface ResultadoEntrega {
  /** 2xx: delivered. */
  ok: boolean;
  estadoHttp: number | null;
  duracionMs: number;
  /** The start of the receiver's answer, as text. */
  extracto: string | null;
  error: string | null;
}

/**
 * One POST to a receiver: to the checked addresses only, no redirects followed (a 3xx is a failure), the whole
 * exchange within `timeoutMs`, at most MAX_RESPUESTA_BYTES of the answer read. Never throws.
 */
export function enviarEntrega(peticion: PeticionEntrega): Promise<ResultadoEntrega> {
  const inicio = Date.now();
  const duracion = () => Date.now() - inicio;
  const { url, direcciones } = peticion;
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, direcciones);
    else callback(null, direcciones[0].address, direcciones[0].family);
  };
  return new Promise<ResultadoEntrega>((resolve) => {
    let respuesta: IncomingMessage | null = null;
    const trozos: Buffer[] = [];
    let leidos = 0;
    let terminado = false;
    const terminar = (resultado: Omit<ResultadoEntrega, 'duracionMs'>) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(reloj);
      req.destroy();
      resolve({ ...resultado, duracionMs: duracion() });
    };
    const conRespuesta = (error: string | null) => {
      const estado = respuesta!.statusCode ?? null;
      const extracto = Buffer.concat(trozos).toString('utf8').slice(0, MAX_EXTRACTO) || null;
      const redireccion = estado !== null && estado >= 300 && estado < 400;
      terminar({
        ok: estado !== null && estado >= 200 && estado < 300,
        estadoHttp: estado,
        extracto,
        error:
          error ??
          (redireccion ? `Redirección no seguida${respuesta!.headers.location ? ` (a ${String(respuesta!.headers.location).slice(0, 200)})` : ''}` : null),
      });
    };
    const enviar = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = enviar(
      url,
      {
        method: 'POST',
        agent: false,
        lookup,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(peticion.cuerpo)),
          'user-agent': 'sunat-facturacion-webhooks/1',
          ...peticion.cabeceras,
        },
      },
      (res) => {
        respuesta = res;
        res.on('data', (trozo: Buffer) => {
          if (leidos < MAX_RESPUESTA_BYTES) trozos.push(trozo.subarray(0, MAX_RESPUESTA_BYTES - leidos));
          leidos += trozo.length;
          if (leidos >= MAX_RESPUESTA_BYTES) conRespuesta(null);
        });
        res.on('end', () => conRespuesta(null));
        res.on('error', (error) => conRespuesta(mensajeDe(error)));
      },
    );
    const reloj = setTimeout(() => {
      if (respuesta) conRespuesta(`Sin respuesta completa en ${peticion.timeoutMs} ms`);
      else terminar({ ok: false, estadoHttp: null, extracto: null, error: `Sin respuesta en ${peticion.timeoutMs} ms` });
    }, peticion.timeoutMs);
    req.on('error', (error) => {
      if (respuesta) conRespuesta(mensajeDe(error));
      else terminar({ ok: false, estadoHttp: null, extracto: null, error: mensajeDe(error) });
    });
    req.end(peticion.cuerpo);
  });
}

function mensajeDe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code ? `${code}: ${error.message}` : error.message).slice(0, 300);
}
