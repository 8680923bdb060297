let sequence = 0;
const rucStart = 10_000_000 + Math.floor(Math.random() * 80_000_000);

/** A valid RUC (check digit computed), unique within the run (as test/support/factories.ts). */
export function nextRuc(): string {
  sequence += 1;
  const base = `20${rucStart + sequence}`;
  const sum = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(base[i]), 0);
  return base + String((11 - (sum % 11)) % 10);
}

const nextDni = () => String(40_000_000 + ((rucStart + ++sequence) % 9_999_999));

/** The body of test/support/factories.ts createVenta / createFactura: one line of 118.00 to a new client. */
export function ventaBody(tipo: '01' | '03') {
  return tipo === '01'
    ? {
        tipo_documento: '01',
        cliente_documento: nextRuc(),
        cliente_datos: `EMPRESA CLIENTE ${sequence} S.A.C.`,
        productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
      }
    : {
        tipo_documento: '03',
        cliente_documento: nextDni(),
        cliente_datos: `CLIENTE VENTA ${sequence}`,
        productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
      };
}

/** Runs `task(i)` for i < count, `concurrency` at a time (untimed preparation). */
export async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}
