import { claveDeEvento, eventoDeVeredicto, recursoDeNota } from './tipos-evento';

describe('event kinds', () => {
  it('what a sendBill verdict emits', () => {
    expect(eventoDeVeredicto({ kind: 'accepted', observaciones: [] })).toBe('documento.aceptado');
    expect(eventoDeVeredicto({ kind: 'accepted', observaciones: ['4287 - observación'] })).toBe('documento.observado');
    expect(eventoDeVeredicto({ kind: 'rejected', observaciones: [] })).toBe('documento.rechazado');
    // a SOAP fault registers nothing at SUNAT: no state changed, no event
    expect(eventoDeVeredicto({ kind: 'exception', observaciones: [] })).toBeNull();
  });

  it('once-only kinds are once per company and resource; the others only when the caller gives a key', () => {
    expect(claveDeEvento(7, 'documento.creado', 'venta', '12', undefined)).toBe('7:documento.creado:venta:12');
    expect(claveDeEvento(7, 'documento.aceptado', 'nota_credito', '12', undefined)).not.toBe(
      claveDeEvento(7, 'documento.aceptado', 'nota_debito', '12', undefined),
    );
    expect(claveDeEvento(8, 'documento.creado', 'venta', '12', undefined)).not.toBe(claveDeEvento(7, 'documento.creado', 'venta', '12', undefined));
    expect(claveDeEvento(7, 'webhook.desactivado', 'webhook', '3', undefined)).toBeNull();
    expect(claveDeEvento(7, 'documento.creado', 'venta', '12', null)).toBeNull();
    expect(claveDeEvento(null, 'sunat.caida', 'servicio_sunat', 'soap', 'soap:2025-01-01T00:00:00.000Z')).toBe('-:sunat.caida:soap:2025-01-01T00:00:00.000Z');
  });

  it('notes by kind', () => {
    expect(recursoDeNota('NC')).toBe('nota_credito');
    expect(recursoDeNota('ND')).toBe('nota_debito');
  });
});
