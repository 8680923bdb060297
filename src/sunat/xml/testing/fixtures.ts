import type { Company } from '@/sunat/documents/common';
import type { Despatch } from '@/sunat/documents/despatch';
import type { Invoice } from '@/sunat/documents/invoice';
import type { Note } from '@/sunat/documents/note';
import { noteAmounts } from '@/sunat/documents/note-amounts';
import type { Summary } from '@/sunat/documents/summary';
import { summaryLineAmounts } from '@/sunat/documents/summary-amounts';
import type { Voided } from '@/sunat/documents/voided';

/** Realistic test data: SUNAT's beta RUC, valid check digits, Lima ubigeo, recent dates. */

export const COMPANY: Company = {
  ruc: '20000000001',
  razon_social: 'EMPRESA DE PRUEBAS S.A.C.',
  comercial: 'PRUEBAS & CÍA',
  direccion: 'AV. JAVIER PRADO ESTE 123, SAN ISIDRO',
  ubigeo: '150101',
  distrito: 'LIMA',
  provincia: 'LIMA',
  departamento: 'LIMA',
  codigo_local: '0000',
};

const LIMA_OFFSET_MS = 5 * 3_600_000;
/** A Lima date `daysAgo` days before today (SUNAT refuses future and stale dates in some rules). */
export function isoDate(daysAgo = 0): string {
  return new Date(Date.now() - LIMA_OFFSET_MS - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const mixedSale = noteAmounts({
  rate: 0.18,
  total: '316.00',
  lines: [
    { precio_unitario: 118, cantidad: 2, codigo: 'P001', codigo_sunat: '43211503', descripcion: 'Teclado "USB" <negro>', tipo_afectacion_igv: '10' },
    { precio_unitario: 50, cantidad: 1, codigo: 'L002', descripcion: 'Libro de texto', unidad: 'NIU', tipo_afectacion_igv: '20' },
    { precio_unitario: '10.00', cantidad: '3', codigo: 'S003', descripcion: 'Servicio inafecto', unidad: 'ZZ', tipo_afectacion_igv: '30' },
  ],
});

export function factura(): Invoice {
  return {
    tipo: '01',
    serie: 'F001',
    correlativo: 123,
    fecha_emision: isoDate(1),
    hora_emision: '10:15:00',
    moneda: 'PEN',
    company: COMPANY,
    customer: { tipo_doc: '6', numero: '20100070970', nombre: 'CLIENTE CORPORATIVO S.A.', direccion: 'JR. DE LA UNIÓN 456, LIMA' },
    lines: mixedSale.lines,
    totals: mixedSale.totals,
    forma_pago: 'Contado',
  };
}

export function boleta(): Invoice {
  const sale = noteAmounts({ rate: 0.18, total: '59.00', lines: [{ precio_unitario: 29.5, cantidad: 2 }] });
  return {
    tipo: '03',
    serie: 'B001',
    correlativo: 45,
    fecha_emision: isoDate(1),
    hora_emision: '18:30:05',
    moneda: 'PEN',
    company: COMPANY,
    customer: { tipo_doc: '1', numero: '12345678', nombre: 'JUAN PÉREZ' },
    lines: sale.lines,
    totals: sale.totals,
  };
}

export function creditNote(): Note {
  const amounts = noteAmounts({
    rate: 0.18,
    total: 2360,
    lines: [
      { precio_unitario: 118, cantidad: 10, descripcion: 'Item1' },
      { precio_unitario: 118, cantidad: 10, descripcion: 'Item2' },
    ],
  });
  return {
    tipo: '07',
    serie: 'FC01',
    correlativo: 1,
    fecha_emision: isoDate(0),
    moneda: 'PEN',
    motivo: { codigo: '01', descripcion: 'ANULACION DE LA OPERACION' },
    documento_afectado: { tipo: '01', numero: 'F001-1' },
    company: COMPANY,
    customer: { tipo_doc: '6', numero: '20100070970', nombre: 'CLIENTE CORPORATIVO S.A.' },
    lines: amounts.lines,
    totals: amounts.totals,
  };
}

export function debitNote(): Note {
  const amounts = noteAmounts({ rate: 0.18, total: '35.40', lines: [{ precio_unitario: '35.40', cantidad: 1, descripcion: 'Intereses por mora' }] });
  return {
    ...creditNote(),
    tipo: '08',
    serie: 'FD01',
    correlativo: 7,
    motivo: { codigo: '01', descripcion: 'INTERESES POR MORA' },
    lines: amounts.lines,
    totals: amounts.totals,
  };
}

export function despatchPrivate(): Despatch {
  return {
    serie: 'T001',
    correlativo: 1,
    fecha_emision: isoDate(0),
    hora_emision: '08:00:00',
    company: COMPANY,
    destinatario: { tipo_doc: '6', numero: '20100070970', nombre: 'CLIENTE CORPORATIVO S.A.' },
    motivo_traslado: { codigo: '01', descripcion: 'VENTA' },
    mod_transporte: '02',
    fecha_traslado: isoDate(0),
    peso_total: '12.5',
    und_peso_total: 'KGM',
    partida: { ubigeo: '150101', direccion: 'AV. JAVIER PRADO ESTE 123' },
    llegada: { ubigeo: '150122', direccion: 'CALLE LAS FLORES 789, MIRAFLORES' },
    conductor: { tipo_doc: '1', documento: '12345678', nombres: 'JUAN', apellidos: 'PEREZ LOPEZ', licencia: 'Q12345678' },
    vehiculo_placa: 'ABC123',
    lines: [
      { cantidad: '2', unidad: 'NIU', descripcion: 'TECLADO USB', codigo: 'P001' },
      { cantidad: '0.5', unidad: 'KGM', descripcion: 'CABLE DE COBRE' },
    ],
  };
}

export function despatchPublic(): Despatch {
  const { conductor: _c, vehiculo_placa: _v, ...base } = despatchPrivate();
  return {
    ...base,
    correlativo: 2,
    mod_transporte: '01',
    transportista: { tipo_doc: '6', documento: '20600995805', nombre: 'TRANSPORTES RÁPIDOS S.A.C.', nro_mtc: '0001234567' },
  };
}

export function despatchM1L(): Despatch {
  const { conductor: _c, vehiculo_placa: _v, ...base } = despatchPrivate();
  return { ...base, correlativo: 3, vehiculo_m1l: true };
}

export function summary(): Summary {
  return {
    company: COMPANY,
    fecha_generacion: isoDate(0),
    fecha_referencia: isoDate(1),
    correlativo: 1,
    lines: [
      {
        estado: '1',
        tipo_doc: '03',
        numero: 'B001-45',
        cliente: { tipo_doc: '1', numero: '12345678' },
        moneda: 'PEN',
        ...summaryLineAmounts('59.00', 0.18, '9.00'),
      },
      {
        estado: '1',
        tipo_doc: '03',
        numero: 'B001-46',
        cliente: { tipo_doc: '0', numero: '00000000' },
        moneda: 'PEN',
        ...summaryLineAmounts('25.00', 0.18, 0),
      },
      {
        estado: '3',
        tipo_doc: '03',
        numero: 'B001-40',
        cliente: { tipo_doc: '6', numero: '20100070970' },
        moneda: 'PEN',
        ...summaryLineAmounts(100, 0.18, 15.25),
      },
      {
        estado: '1',
        tipo_doc: '07',
        numero: 'BC01-3',
        cliente: { tipo_doc: '1', numero: '12345678' },
        documento_afectado: { tipo: '03', numero: 'B001-45' },
        moneda: 'PEN',
        ...summaryLineAmounts('59.00', 0.18, '9.00'),
      },
    ],
  };
}

export function voided(): Voided {
  return {
    company: COMPANY,
    fecha_generacion: isoDate(0),
    fecha_referencia: isoDate(2),
    correlativo: 1,
    lines: [
      { tipo_doc: '01', serie: 'F001', correlativo: 120, motivo: 'ERROR EN EMISION' },
      { tipo_doc: '07', serie: 'FC01', correlativo: 3, motivo: 'ERROR EN EL RUC & MONTO' },
    ],
  };
}
