import { clasificarErrorSmtp, opcionesSmtp, sinCredenciales } from './smtp';

describe('opcionesSmtp', () => {
  it('reads host, port, TLS and the decoded credentials, and nothing else', () => {
    expect(opcionesSmtp('smtps://ventas%40empresa.pe:cl%C3%A1ve%2F1@smtp.empresa.pe:465', 1000)).toMatchObject({
      host: 'smtp.empresa.pe',
      port: 465,
      secure: true,
      auth: { user: 'ventas@empresa.pe', pass: 'cláve/1' },
      logger: false,
      debug: false,
      disableFileAccess: true,
      disableUrlAccess: true,
      connectionTimeout: 1000,
    });
    const sinAuth = opcionesSmtp('smtp://relay.interno', 1000);
    expect(sinAuth).toMatchObject({ host: 'relay.interno', port: 587, secure: false });
    expect(sinAuth).not.toHaveProperty('auth');
  });
});

describe('clasificarErrorSmtp', () => {
  it('5xx replies are permanent (503 aside), 4xx and no reply are transient', () => {
    expect(clasificarErrorSmtp({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 Buzón inexistente' })).toEqual({
      permanente: true,
      detalle: '550 5.1.1 Buzón inexistente',
    });
    expect(clasificarErrorSmtp({ code: 'EAUTH', responseCode: 535, response: '535 Authentication failed' }).permanente).toBe(true);
    expect(clasificarErrorSmtp({ code: 'EENVELOPE', responseCode: 503, response: '503 Bad sequence' }).permanente).toBe(false);
    expect(clasificarErrorSmtp({ code: 'EENVELOPE', responseCode: 451, response: '451 Intente luego' }).permanente).toBe(false);
    expect(clasificarErrorSmtp({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:1' })).toEqual({
      permanente: false,
      detalle: 'connect ECONNREFUSED 127.0.0.1:1',
    });
    expect(clasificarErrorSmtp({ code: 'ETIMEDOUT', message: 'Greeting never received' }).permanente).toBe(false);
    expect(clasificarErrorSmtp({ code: 'ENOAUTH', message: 'Missing credentials' }).permanente).toBe(true);
  });
});

describe('sinCredenciales', () => {
  it('hides the URL, the user and the password, encoded or not', () => {
    const url = 'smtp://ventas%40empresa.pe:s3cr%C3%A9to@mail.empresa.pe:25';
    const texto = `fallo ${url}; login ventas@empresa.pe con s3créto (s3cr%C3%A9to)`;
    const limpio = sinCredenciales(texto, url);
    expect(limpio).not.toMatch(/s3cr|ventas|%40/);
    expect(limpio).toContain('[oculto]');
  });
});
