import type { VentaView } from '@/ventas/dto/venta-view';
import { huellaLinea, lineaResumen } from './linea-resumen';

/** Only the fields an RC line reads. */
const venta = (extra: Partial<VentaView> = {}): VentaView =>
  ({
    serie: 'B001',
    numero: 7,
    tipo_moneda: 'PEN',
    total: 1020,
    op_gravadas: 864.41,
    op_ivap: 0,
    op_exoneradas: 0,
    op_inafectas: 0,
    op_exportacion: 0,
    op_gratuitas: 0,
    igv: 155.59,
    isc: 0,
    icbper: 0,
    ivap: 0,
    percepcion: null,
    cliente: { id_cliente: 1, tipo_doc: '4', documento: '001234567', datos: 'X', direccion: null },
    ...extra,
  }) as VentaView;

describe('lineaResumen', () => {
  it("keeps the client's stored type and number", () => {
    expect(lineaResumen(venta(), '1', '18.00').cliente).toEqual({ tipo_doc: '4', numero: '001234567' });
    expect(lineaResumen(venta({ cliente: { id_cliente: 1, tipo_doc: '0', documento: '', datos: 'X', direccion: null } }), '1', '18.00').cliente).toEqual({
      tipo_doc: '0',
      numero: '00000000',
    });
  });

  it('maps a percepción (catálogo 53 → 22) on additions and annulments, never on a modification (2986)', () => {
    const conPercepcion = venta({ percepcion: { codigo_regimen: '51', porcentaje: 2, base: 1020, monto: 20.4, total: 1040.4 } });
    const esperado = { regimen: '01', porcentaje: '2.00', base: '1020.00', monto: '20.40', total_cobrado: '1040.40' };
    expect(lineaResumen(conPercepcion, '1', '18.00').percepcion).toEqual(esperado);
    expect(lineaResumen(conPercepcion, '3', '18.00').percepcion).toEqual(esperado);
    expect(lineaResumen(conPercepcion, '2', '18.00').percepcion).toBeUndefined();
  });
});

describe('huellaLinea', () => {
  it("changes with what the line reports, not with the company's IGV percentage", () => {
    expect(huellaLinea(venta())).toBe(huellaLinea(venta()));
    expect(huellaLinea(venta({ cliente: { id_cliente: 1, tipo_doc: '1', documento: '45678912', datos: 'X', direccion: null } }))).not.toBe(
      huellaLinea(venta()),
    );
    expect(huellaLinea(venta({ total: 1021 }))).not.toBe(huellaLinea(venta()));
  });
});
