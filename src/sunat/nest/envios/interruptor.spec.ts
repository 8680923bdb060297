import { Interruptor } from './interruptor';

describe('Interruptor (circuit breaker of one SUNAT service)', () => {
  let now = 0;
  const make = () => new Interruptor(3, 1000, () => now);
  beforeEach(() => (now = 10_000));

  it('lets everything through until the failures in a row reach the limit, then opens since that moment', () => {
    const b = make();
    expect(b.fallo()).toBe(false);
    expect(b.fallo()).toBe(false);
    expect(b.paso()).toBe('todos');
    now = 12_345;
    expect(b.fallo()).toBe(true);
    expect(b.caidoDesde).toBe(12_345);
    expect(b.paso()).toBe('ninguno');
  });

  it('an answer in between resets the count', () => {
    const b = make();
    b.fallo();
    b.fallo();
    expect(b.exito()).toBe(false);
    b.fallo();
    b.fallo();
    expect(b.paso()).toBe('todos');
  });

  it('open: one probe per interval, never two at once; a failed probe waits another interval; an answer closes it', () => {
    const b = make();
    for (let i = 0; i < 3; i++) b.fallo();
    now += 999;
    expect(b.paso()).toBe('ninguno');
    now += 1;
    expect(b.paso()).toBe('prueba');
    b.empezarPrueba();
    expect(b.paso()).toBe('ninguno');
    now += 5000;
    expect(b.paso()).toBe('ninguno');
    expect(b.fallo()).toBe(false);
    expect(b.paso()).toBe('ninguno');
    now += 1000;
    expect(b.paso()).toBe('prueba');
    b.empezarPrueba();
    expect(b.exito()).toBe(true);
    expect(b.caidoDesde).toBeNull();
    expect(b.paso()).toBe('todos');
  });

  it('a probe that said nothing about SUNAT frees the next probe', () => {
    const b = make();
    for (let i = 0; i < 3; i++) b.fallo();
    now += 1000;
    b.empezarPrueba();
    b.neutro();
    expect(b.paso()).toBe('prueba');
  });
});
