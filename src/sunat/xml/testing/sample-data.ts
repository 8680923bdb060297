import type { Company } from '@/sunat/documents/common';
import type { Despatch } from '@/sunat/documents/despatch';
import type { Invoice } from '@/sunat/documents/invoice';
import type { Note } from '@/sunat/documents/note';
import { noteAmounts } from '@/sunat/documents/note-amounts';
import type { Summary } from '@/sunat/documents/summary';
import type { Voided } from '@/sunat/documents/voided';

/** The data of the real samples in vendor/sunat/samples, as our models, for element-by-element comparison. */

const SOFTGREEN: Company = {
  ruc: '12345678912',
  razon_social: 'Softgreen S.A.C.',
  direccion: 'AV. LAS CAMELIAS 123',
  ubigeo: '150101',
  distrito: 'LIMA',
  provincia: 'LIMA',
  departamento: 'LIMA',
};

/** openubl CreditNote/DebitNote MinData_RUC: two lines of 10 x 118.00. */
export function openublNote(tipo: '07' | '08'): Note {
  const amounts = noteAmounts({
    rate: 0.18,
    total: 2360,
    lines: [
      { precio_unitario: 118, cantidad: 10, descripcion: 'Item1' },
      { precio_unitario: 118, cantidad: 10, descripcion: 'Item2' },
    ],
  });
  return {
    tipo,
    serie: tipo === '07' ? 'FC01' : 'FD01',
    correlativo: 1,
    fecha_emision: '2019-12-24',
    moneda: 'PEN',
    motivo: { codigo: '01', descripcion: 'mi sustento' },
    documento_afectado: { tipo: '01', numero: 'F001-1' },
    company: SOFTGREEN,
    customer: { tipo_doc: '6', numero: '12121212121', nombre: 'Carlos Feria' },
    lines: amounts.lines,
    totals: amounts.totals,
  };
}

/** openubl DespatchAdvice 2022 minData: private transport, reason 18, one line of 0.5. */
export function openublDespatch(): Despatch {
  return {
    serie: 'T001',
    correlativo: 1,
    fecha_emision: '2019-12-24',
    hora_emision: '12:00:00',
    company: SOFTGREEN,
    destinatario: { tipo_doc: '1', numero: '12345678', nombre: 'mi cliente' },
    motivo_traslado: { codigo: '18' },
    mod_transporte: '02',
    fecha_traslado: '2019-12-24',
    peso_total: '1.000',
    und_peso_total: 'KGM',
    partida: { ubigeo: '010101', direccion: 'DireccionOrigen' },
    llegada: { ubigeo: '020202', direccion: 'DireccionDestino' },
    lines: [{ cantidad: '0.5', unidad: 'KG', descripcion: 'Producto', codigo: '123456' }],
  };
}

/** Greenter ubl-validator factura F001-697 (2017): the IGV line and the header that every factura has. */
export function greenterInvoice(): Invoice {
  const amounts = noteAmounts({
    rate: 0.18,
    total: '76000.00',
    lines: [
      { precio_unitario: 38, cantidad: 2000, codigo: 'GLG199', codigo_sunat: '50202201', descripcion: 'Cerveza Clásica x 12 bot. 620 ml.', unidad: 'BX' },
    ],
  });
  return {
    tipo: '01',
    serie: 'F001',
    correlativo: 697,
    fecha_emision: '2017-05-14',
    hora_emision: '15:42:20',
    moneda: 'PEN',
    company: { ...SOFTGREEN, ruc: '20200464529', razon_social: 'Mayorista CFF S. A.', comercial: 'Distribuidora San Camilo', direccion: 'AV LS' },
    customer: { tipo_doc: '6', numero: '20546687668', nombre: 'Bodega Gemi S.A.' },
    lines: amounts.lines,
    totals: amounts.totals,
    forma_pago: 'Contado',
  };
}

/** openubl summaryDocuments: a boleta and a credit note of another boleta, IGV 18. */
export function openublSummary(): Summary {
  const line = { moneda: 'PEN' as const, exoneradas: '0.00', inafectas: '0.00', porcentaje_igv: '18.00' };
  return {
    company: SOFTGREEN,
    fecha_generacion: '2019-12-24',
    fecha_referencia: '2019-12-22',
    correlativo: 1,
    lines: [
      {
        ...line,
        estado: '1',
        tipo_doc: '03',
        numero: 'B001-1',
        cliente: { tipo_doc: '1', numero: '12345678' },
        total: '120.00',
        gravadas: '120.00',
        igv: '18.00',
        icbper: '2.00',
      },
      {
        ...line,
        estado: '1',
        tipo_doc: '07',
        numero: 'BC02-2',
        cliente: { tipo_doc: '1', numero: '12345678' },
        documento_afectado: { tipo: '03', numero: 'B002-2' },
        total: '118.00',
        gravadas: '118.00',
        igv: '18.00',
      },
    ],
  };
}

/** openubl voidedDocument: two facturas. */
export function openublVoided(): Voided {
  return {
    company: SOFTGREEN,
    fecha_generacion: '2022-01-31',
    fecha_referencia: '2022-01-29',
    correlativo: 1,
    lines: [
      { tipo_doc: '01', serie: 'F001', correlativo: 1, motivo: 'Mi sustento1' },
      { tipo_doc: '01', serie: 'F001', correlativo: 2, motivo: 'Mi sustento2' },
    ],
  };
}
