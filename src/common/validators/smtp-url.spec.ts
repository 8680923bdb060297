import { isSmtpUrl } from './smtp-url';

describe('isSmtpUrl', () => {
  it('takes smtp and smtps URLs with or without credentials and port', () => {
    for (const ok of [
      'smtp://127.0.0.1:2525',
      'smtp://usuario:clave@mail.empresa.pe:587',
      'smtps://ventas%40empresa.pe:cl%C3%A1ve%2F1@smtp.gmail.com:465/',
      'smtp://relay.interno',
    ])
      expect(isSmtpUrl(ok)).toBe(true);
  });

  it('refuses other schemes, paths, query strings, fragments and garbage', () => {
    for (const bad of [
      'http://mail.empresa.pe',
      'mailto:ventas@empresa.pe',
      'smtp://mail.empresa.pe/otra/ruta',
      'smtp://mail.empresa.pe?debug=true',
      'smtp://mail.empresa.pe#x',
      'smtp://',
      'smtp://u:%E0%A4%A@mail.empresa.pe',
      'no es una url',
    ])
      expect(isSmtpUrl(bad)).toBe(false);
  });
});
