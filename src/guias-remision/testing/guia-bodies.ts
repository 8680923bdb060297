import { hoyLima } from '@/common/fecha';

/** Create bodies that pass every rule, one per transport mode (tests only). */
const base = () => ({
  destinatario_tipo_doc: '6',
  destinatario_documento: '20100070970',
  destinatario_nombre: 'CLIENTE CORPORATIVO S.A.',
  destinatario_direccion: 'CALLE LAS FLORES 789, MIRAFLORES',
  destinatario_ubigeo: '150122',
  motivo_traslado: '01',
  descripcion_motivo: 'VENTA',
  fecha_traslado: hoyLima(),
  peso_total: 12.5,
  ubigeo_partida: '150101',
  dir_partida: 'AV. JAVIER PRADO ESTE 123',
  observaciones: 'Entregar en horario de oficina',
  detalles: [
    { codigo: 'P001', descripcion: 'TECLADO USB', cantidad: 2 },
    { descripcion: 'CABLE DE COBRE', cantidad: 0.5, unidad: 'KGM' },
  ],
});

export function guiaPrivada(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    ...base(),
    mod_transporte: '02',
    conductor_tipo_doc: '1',
    conductor_documento: '12345678',
    conductor_nombres: 'JUAN',
    conductor_apellidos: 'PEREZ LOPEZ',
    conductor_licencia: 'Q12345678',
    vehiculo_placa: 'ABC-123',
    ...overrides,
  };
}

export function guiaPublica(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    ...base(),
    mod_transporte: '01',
    transportista_tipo_doc: '6',
    transportista_documento: '20600995805',
    transportista_nombre: 'TRANSPORTES RÁPIDOS S.A.C.',
    transportista_nro_mtc: '0001234567',
    ...overrides,
  };
}

export function guiaM1L(overrides: Record<string, unknown> = {}): Record<string, any> {
  return { ...base(), mod_transporte: '02', vehiculo_m1l: true, ...overrides };
}

/** The body without the given fields. */
export function without(body: Record<string, any>, ...fields: string[]): Record<string, any> {
  const copy = { ...body };
  for (const f of fields) delete copy[f];
  return copy;
}
