import { DEFAULT_SUNAT_ENDPOINTS, normalizeModo, resolveEndpoints, simulatorEndpoints } from './endpoints';

describe('SUNAT endpoints by modo (configuration only, nothing is called)', () => {
  it('beta defaults to SUNAT beta billService', () => {
    expect(resolveEndpoints('beta')).toEqual({
      billService: 'https://e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService',
      consultService: 'https://e-beta.sunat.gob.pe/ol-it-wsconscpegem-beta/billConsultService',
      greAuth: 'https://gre-test.nubefact.com',
      greCpe: 'https://gre-test.nubefact.com',
      // the validity check has no beta
      validezAuth: 'https://api-seguridad.sunat.gob.pe',
      validez: 'https://api.sunat.gob.pe',
    });
  });

  it('production defaults to SUNAT production services', () => {
    expect(resolveEndpoints('produccion')).toEqual({
      billService: 'https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService',
      consultService: 'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService',
      greAuth: 'https://api-seguridad.sunat.gob.pe',
      greCpe: 'https://api-cpe.sunat.gob.pe',
      validezAuth: 'https://api-seguridad.sunat.gob.pe',
      validez: 'https://api.sunat.gob.pe',
    });
    expect(resolveEndpoints('production')).toEqual(resolveEndpoints('produccion'));
  });

  it('configuration overrides field by field and trailing slashes are dropped', () => {
    const resolved = resolveEndpoints('beta', { beta: { billService: 'http://localhost:9000/billService/', greCpe: '' } });
    expect(resolved.billService).toBe('http://localhost:9000/billService');
    expect(resolved.greCpe).toBe(DEFAULT_SUNAT_ENDPOINTS.beta.greCpe);
    expect(resolveEndpoints('produccion', { beta: { billService: 'http://x' } }).billService).toBe(DEFAULT_SUNAT_ENDPOINTS.produccion.billService);
  });

  it('simulator endpoints use SUNAT paths on the local base URL', () => {
    expect(resolveEndpoints('produccion', simulatorEndpoints('http://127.0.0.1:8088/')).billService).toBe(
      'http://127.0.0.1:8088/ol-ti-itcpfegem-beta/billService',
    );
  });

  it('refuses an unknown modo', () => {
    expect(() => normalizeModo('pruebas')).toThrow(/Modo SUNAT desconocido/);
  });
});
