/**
 * One run of a check shared by every caller that asks while it runs; with `keepMs`, its result also answers
 * whoever asks within that time after it ended. A burst of callers (a load balancer's probes, an anonymous
 * flood) costs one run, not one per request.
 */
export class SharedCheck<T> {
  private running: Promise<T> | undefined;
  private kept: { value: T; until: number } | undefined;

  constructor(
    private readonly run: () => Promise<T>,
    private readonly keepMs = 0,
  ) {}

  get(): Promise<T> {
    if (this.kept && Date.now() < this.kept.until) return Promise.resolve(this.kept.value);
    this.running ??= this.run()
      .then((value) => {
        if (this.keepMs > 0) this.kept = { value, until: Date.now() + this.keepMs };
        return value;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
