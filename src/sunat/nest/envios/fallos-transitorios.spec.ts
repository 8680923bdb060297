import { esFalloTransitorio } from './fallos-transitorios';

describe('esFalloTransitorio', () => {
  it.each(['0100', '100', '0109', '0130', '0134', '0138', '0200', '200', 'soap-env:Server.0109', 'Server.200'])('%s is SUNAT saying "not now"', (code) =>
    expect(esFalloTransitorio(code)).toBe(true),
  );

  it.each(['0139', '0129', '0111', '0102', '1033', '2335', '0151', '', null, undefined, 'Client.0306'])('%s is final', (code) =>
    expect(esFalloTransitorio(code)).toBe(false),
  );
});
