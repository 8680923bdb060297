import { mensajeCorreo } from './mensaje-correo';

const base = {
  numero: 'F001-123',
  fechaEmision: '2025-03-07',
  moneda: 'PEN',
  total: 1234.5,
  cliente: 'CLIENTE DEMO S.A.C.',
  emisor: { razonSocial: 'EMPRESA S.A.C.', ruc: '20123456789' },
  adjuntos: { pdf: '20123456789-01-F001-123.pdf', xml: '20123456789-01-F001-123.xml', cdr: 'R-20123456789-01-F001-123.zip' },
};

describe('mensajeCorreo', () => {
  it('names the document, its issuer and its total with the currency', () => {
    const { asunto, texto } = mensajeCorreo({ ...base, tipo: '01' });
    expect(asunto).toBe('FACTURA ELECTRÓNICA F001-123 - EMPRESA S.A.C.');
    expect(texto).toContain('Estimado(a) CLIENTE DEMO S.A.C.:');
    expect(texto).toContain('EMPRESA S.A.C. (RUC 20123456789) le envía su factura electrónica F001-123 emitida el 07/03/2025, por un total de S/ 1,234.50.');
    for (const archivo of Object.values(base.adjuntos)) expect(texto).toContain(archivo);
  });

  it('a note says what it modifies; dollars are US$', () => {
    const { asunto, texto } = mensajeCorreo({ ...base, tipo: '07', numero: 'FC01-4', moneda: 'USD', total: 10, afectado: { tipo: '01', numero: 'F001-9' } });
    expect(asunto).toBe('NOTA DE CRÉDITO ELECTRÓNICA FC01-4 - EMPRESA S.A.C.');
    expect(texto).toContain('nota de crédito electrónica FC01-4, que modifica la factura F001-9, emitida el');
    expect(texto).toContain('US$ 10.00');
  });

  it('a boleta', () => {
    expect(mensajeCorreo({ ...base, tipo: '03', numero: 'B001-1' }).asunto).toBe('BOLETA DE VENTA ELECTRÓNICA B001-1 - EMPRESA S.A.C.');
  });
});
