import { describeCode } from '@/sunat/codes/return-codes';

/** A SUNAT exception (0100-1999, or a 2xxx refused before registering): a SOAP fault or a GRE error. */
export class SimFault extends Error {
  readonly code: string;
  constructor(code: string, detail?: string, message?: string) {
    const base = message ?? describeCode(code).descripcion;
    super(detail ? `${base} - Detalle: ${detail}` : base);
    this.code = describeCode(code).codigo;
  }
}
