import type { Writable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { drained } from './backpressure';
import type { InicioExportacion, PedidoExportacion, RespuestaExportacion } from './export-mensajes';

/**
 * Runs one export in `worker` and writes the bytes it posts to `out`. The worker reads and renders on its own;
 * before each block it asks, and is let go on only once `out` has drained, so the event loop only copies bytes
 * to the socket and memory holds one block and its output whatever the total or the client's speed. Resolves
 * with the number of rows; rejects if the worker fails or `out` closes first.
 */
export function exportarEnHilo(worker: Worker, inicio: InicioExportacion, out: Writable): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let acabado = false;
    const acabar = (error: Error | null, filas = 0) => {
      if (acabado) return;
      acabado = true;
      worker.off('message', mensaje);
      worker.off('error', fallo);
      worker.off('exit', salida);
      out.off('close', cortado);
      if (error) reject(error);
      else resolve(filas);
    };
    const seguir = () =>
      drained(out).then(
        () => !acabado && worker.postMessage({ tipo: 'sigue' } satisfies PedidoExportacion),
        (e: Error) => acabar(e),
      );
    const mensaje = (r: RespuestaExportacion) => {
      if (acabado) return;
      if (r.tipo === 'datos') out.write(Buffer.from(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength));
      else if (r.tipo === 'siguiente') void seguir();
      else if (r.tipo === 'listo') acabar(null, r.filas);
      else acabar(new Error(r.mensaje));
    };
    const fallo = (e: Error) => acabar(e);
    const salida = (code: number) => acabar(new Error(`el worker de exportación terminó (código ${code})`));
    const cortado = () => acabar(new Error('La conexión se cerró durante la exportación.'));
    worker.on('message', mensaje);
    worker.once('error', fallo);
    worker.once('exit', salida);
    out.once('close', cortado);
    worker.postMessage(inicio);
  });
}
