import { errorDeServicio, errorSinSecretos } from './texto-publico';

describe('error texts shown by GET /api/sunat/estado', () => {
  it("keeps SUNAT's fault texts and transport messages as they are", () => {
    for (const texto of [
      '0109 - El sistema no puede responder su solicitud. (El servicio de autenticación no está disponible)',
      'No se pudo comunicar con SUNAT: Sin respuesta de SUNAT: ECONNABORTED: timeout of 60000ms exceeded',
      'No se pudo comunicar con SUNAT: No se pudo conectar con SUNAT: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9',
      'SUNAT respondió HTTP 503: Service Unavailable',
    ]) {
      expect(errorSinSecretos(texto)).toBe(texto);
      expect(errorDeServicio(texto)).toBe(texto);
    }
    expect(errorSinSecretos(null)).toBeNull();
    expect(errorDeServicio(null)).toBeNull();
  });

  it('hides credentials: URL user and password, Authorization values, clave=… pairs, long tokens', () => {
    const texto = errorSinSecretos(
      'fallo https://MODDATOS:moddatos@e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService Authorization: Bearer eyJhbGciOi.x.y ' +
        'client_secret=s3cr3t-valor clave_sol: "mi clave" token=abc eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9eyJzdWIiOiIxMjM0NTY3ODkwIn0',
    )!;
    for (const secreto of ['MODDATOS:moddatos', 'eyJhbGciOi', 's3cr3t-valor', 'mi clave', 'abc']) expect(texto).not.toContain(secreto);
    expect(texto).toContain('https://[oculto]@e-beta.sunat.gob.pe');
    expect(texto).toContain('client_secret=[oculto]');
  });

  it("a service's error keeps SUNAT's words without another company's documents, RUC or DNI", () => {
    const texto = errorDeServicio(
      'No se pudo comunicar con SUNAT: El CDR recibido es de otro comprobante F001-123 (receptor 6-20100066603, se envió a 45678912)',
    )!;
    expect(texto).toBe('No se pudo comunicar con SUNAT: El CDR recibido es de otro comprobante [comprobante] (receptor 6-[número], se envió a [número])');
    expect(errorSinSecretos('2800 - F001-123 del cliente 20100066603')).toBe('2800 - F001-123 del cliente 20100066603');
  });
});
