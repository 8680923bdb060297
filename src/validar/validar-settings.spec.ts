import { ConfigError } from '@/config/schema';
import { validarSettings } from './validar-settings';

describe('validar settings', () => {
  it('defaults: one worker, three waiting, 10 s per document, 512 MB, 60 requests a minute per user', () => {
    expect(validarSettings({})).toEqual({ workers: 1, cola: 3, timeoutMs: 10_000, memoriaMb: 512, maxPorVentana: 60, ventanaSegundos: 60 });
  });

  it('reads the VALIDAR_* variables and stops the start on a wrong value (never zero workers: validar is never on the event loop)', () => {
    const env = {
      VALIDAR_WORKERS: '2',
      VALIDAR_QUEUE: '0',
      VALIDAR_TIMEOUT_MS: '2500',
      VALIDAR_WORKER_MEMORY_MB: '256',
      VALIDAR_RATE_MAX: '5',
      VALIDAR_RATE_WINDOW_SECONDS: '10',
    };
    expect(validarSettings(env)).toEqual({ workers: 2, cola: 0, timeoutMs: 2500, memoriaMb: 256, maxPorVentana: 5, ventanaSegundos: 10 });
    expect(() => validarSettings({ VALIDAR_WORKERS: '0' })).toThrow(ConfigError);
    expect(() => validarSettings({ VALIDAR_RATE_MAX: 'muchos' })).toThrow(/VALIDAR_RATE_MAX/);
  });
});
