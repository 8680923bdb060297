/** How many queued documents of a service may go now: all the free slots, one probe, or none. */
export type Paso = 'todos' | 'prueba' | 'ninguno';

/**
 * A circuit breaker for one SUNAT service. Closed, every send goes; `fallosParaAbrir` transient failures in a row
 * open it (the service is down since then); open, one send probes the service every `pruebaMs` and the rest wait;
 * any answer from SUNAT closes it.
 */
export class Interruptor {
  private fallos = 0;
  private abiertoDesde: number | null = null;
  private ultimaPrueba = 0;
  private probando = false;
  private pruebaAnterior = 0;

  constructor(
    private readonly fallosParaAbrir: number,
    private readonly pruebaMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Since when the service is down (epoch ms), or null while it is up. */
  get caidoDesde(): number | null {
    return this.abiertoDesde;
  }

  paso(): Paso {
    if (this.abiertoDesde === null) return 'todos';
    return !this.probando && this.now() - this.ultimaPrueba >= this.pruebaMs ? 'prueba' : 'ninguno';
  }

  /** A probe was sent: no other one until it ends. */
  empezarPrueba(): void {
    this.probando = true;
    this.pruebaAnterior = this.ultimaPrueba;
    this.ultimaPrueba = this.now();
  }

  /** SUNAT answered. True when this brings the service back up. */
  exito(): boolean {
    const estabaCaido = this.abiertoDesde !== null;
    this.fallos = 0;
    this.abiertoDesde = null;
    this.probando = false;
    return estabaCaido;
  }

  /** A transient failure. True when this takes the service down. */
  fallo(): boolean {
    this.fallos++;
    this.probando = false;
    if (this.abiertoDesde !== null) {
      this.ultimaPrueba = this.now();
      return false;
    }
    if (this.fallos < this.fallosParaAbrir) return false;
    this.abiertoDesde = this.now();
    this.ultimaPrueba = this.abiertoDesde;
    return true;
  }

  /** An attempt that said nothing about SUNAT (someone else was sending the document). */
  neutro(): void {
    if (this.probando) this.ultimaPrueba = this.pruebaAnterior;
    this.probando = false;
  }
}
