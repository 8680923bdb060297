/** A difference the reconciliation found, as an event about it would carry it. */
export interface DiferenciaEncontrada {
  empresaId: number;
  conciliacionId: number;
  tipo: string;
  idDocumento: number;
  numeroCompleto: string;
  estadoNuestro: string;
  estadoSunat: string;
  accion: string;
  reparado: boolean;
}

/**
 * Where the `conciliacion.diferencia` event is emitted, once per difference, after the difference is committed.
 * No event registry exists in this codebase yet: this is the only place to connect it to.
 */
export function emitirDiferencia(diferencia: DiferenciaEncontrada): void {
  void diferencia;
}
