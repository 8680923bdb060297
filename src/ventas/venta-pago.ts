import { entrada } from '@/catalogos/catalogos-data';
import { invalidField } from '@/common/errors/http-errors';
import { D, fixed, sum } from '@/common/money';
import type { InvoicePayment } from '@/sunat/documents/payment';
import type { CuotaDto, DetraccionDto, PercepcionDto, RetencionDto } from './dto/condiciones-pago.dto';
import type { VentaPagoView } from './dto/venta-pago-view';
import type { Venta } from './entities/venta.entity';
import { FACTURA } from './tipos-documento';
import type { CuotaGuardada, DetraccionGuardada, FormaPago, PercepcionGuardada, RetencionGuardada } from './venta-pago.types';

/*
 * Issue 18 (part A): forma de pago, cuotas, detracción, percepción and retención of a sale: the rules across
 * fields (422 naming the field), the amounts (decimal.js, half-up) and what the XML writes. See docs/API.md
 * "Real invoices II: credit, detracción, percepción, retención".
 */

export const MSG_PAGO = {
  soloFactura: (campo: string) => `${campo} solo se admite en facturas.`,
  creditoSinCuotas: 'Una venta al crédito requiere al menos una cuota.',
  contadoConCuotas: 'Una venta al contado no lleva cuotas.',
  cuotasNoSuman: (suma: string, neto: string) => `La suma de las cuotas (${suma}) debe ser igual al monto neto pendiente de pago (${neto}).`,
  cuotaFecha: 'La fecha de vencimiento de la cuota debe ser posterior a la fecha de emisión.',
  vencimientoAnterior: 'La fecha de vencimiento no puede ser anterior a la fecha de emisión.',
  creditoSinSaldo: 'Una venta al crédito debe tener un monto neto pendiente de pago mayor a 0.',
  detraccionRequerida: 'Una operación sujeta a detracción (tipo_operacion 1001-1004) requiere detraccion.',
  detraccionOperacion: 'Una venta con detracción debe tener tipo_operacion 1001, 1002, 1003 o 1004.',
  detraccionCodigo: (codigo: string, op: string) => `La operación ${op} exige el código de detracción ${codigo}.`,
  operacionNoSoportada: 'Las operaciones 1002 y 1004 requieren datos por línea (recursos hidrobiológicos, transporte de carga) que el servicio aún no recibe.',
  detraccionMonto: 'El monto de la detracción debe ser mayor que 0 y menor que el total de la venta.',
  percepcionRequerida: 'Una operación sujeta a percepción (tipo_operacion 2001) requiere percepcion.',
  percepcionOperacion: 'Una venta con percepción debe tener tipo_operacion 2001.',
  percepcionCredito: 'Una venta con percepción se cobra al contado (SUNAT 3330).',
  tipoCambio: 'tipo_cambio es obligatorio cuando una venta en otra moneda lleva detracción o percepción.',
  retencionCliente: 'La retención solo se aplica a clientes con RUC (agentes de retención).',
  retencionExcluyente: 'La retención no se aplica a operaciones con detracción o percepción.',
};

/** Catálogo 53 percepción regimes and their rates (percent). */
export const TASAS_PERCEPCION: Record<string, string> = { '51': '2', '52': '1', '53': '0.5' };
/** Operations whose detracción code is fixed (SUNAT 3129). */
const CODIGO_DE_OPERACION: Record<string, string> = { '1002': '004', '1003': '028', '1004': '027' };
const RETENCION_POR_DEFECTO = '3';

export const esDetraccion = (op: string) => /^100[1-4]$/.test(op);

/** What the client sent, or for a PUT what is stored where the body says nothing (null removes). */
export interface EntradaPago {
  forma_pago?: string;
  cuotas?: CuotaDto[] | CuotaGuardada[];
  fecha_vencimiento?: string | null;
  tipo_cambio?: number | string | null;
  detraccion?: DetraccionDto | DetraccionGuardada | null;
  percepcion?: PercepcionDto | PercepcionGuardada | null;
  retencion?: RetencionDto | RetencionGuardada | null;
}

export interface ContextoPago {
  tipo_documento: string;
  fecha_emision: string;
  tipo_moneda: string;
  /** The sale's total (PayableAmount), in tipo_moneda. */
  total: string;
  tipo_operacion: string;
  /** Catálogo 06 type of the client. */
  cliente_tipo_doc: string;
}

export type ColumnasPago = Pick<
  Venta,
  | 'forma_pago'
  | 'fecha_vencimiento'
  | 'tipo_cambio'
  | 'cuotas'
  | 'detraccion'
  | 'percepcion'
  | 'retencion'
  | 'monto_detraccion'
  | 'monto_percepcion'
  | 'monto_retencion'
  | 'monto_neto_pendiente'
>;

/** The operation when the body does not name it: 1001 with a detracción, 2001 with a percepción, else the stored one. */
export function tipoOperacionDe(dto: { tipo_operacion?: string; detraccion?: unknown; percepcion?: unknown }, guardado = '0101'): string {
  if (dto.tipo_operacion) return dto.tipo_operacion;
  if (dto.detraccion) return esDetraccion(guardado) ? guardado : '1001';
  if (dto.percepcion) return '2001';
  if (dto.detraccion === null && esDetraccion(guardado)) return '0101';
  if (dto.percepcion === null && guardado === '2001') return '0101';
  return guardado;
}

/** A PUT body over the stored sale: fields the body omits keep their stored value. */
export function entradaDeEdicion(dto: EntradaPago, v: Venta): EntradaPago {
  const pick = <K extends keyof EntradaPago>(k: K, stored: EntradaPago[K]): EntradaPago[K] => (dto[k] !== undefined ? dto[k] : stored);
  // Switching to Contado without sending cuotas drops the stored instalments.
  const cuotasGuardadas = dto.forma_pago === 'Contado' ? [] : v.cuotas;
  return {
    forma_pago: pick('forma_pago', v.forma_pago),
    cuotas: pick('cuotas', cuotasGuardadas),
    fecha_vencimiento: pick('fecha_vencimiento', v.fecha_vencimiento),
    tipo_cambio: pick('tipo_cambio', v.tipo_cambio),
    detraccion: pick('detraccion', v.detraccion),
    percepcion: pick('percepcion', v.percepcion),
    retencion: pick('retencion', v.retencion),
  };
}

/** Checks the payment conditions against the sale and computes what is stored. Throws 422 naming the field. */
export function condicionesDePago(e: EntradaPago, ctx: ContextoPago): ColumnasPago {
  const esFactura = ctx.tipo_documento === FACTURA;
  const forma: FormaPago = e.forma_pago === 'Credito' ? 'Credito' : 'Contado';
  const cuotas = e.cuotas ?? [];
  if (!esFactura) {
    if (forma === 'Credito') throw invalidField('forma_pago', MSG_PAGO.soloFactura('La venta al crédito'));
    if (e.detraccion) throw invalidField('detraccion', MSG_PAGO.soloFactura('La detracción'));
    if (e.percepcion) throw invalidField('percepcion', MSG_PAGO.soloFactura('La percepción'));
    if (e.retencion) throw invalidField('retencion', MSG_PAGO.soloFactura('La retención'));
  }
  if (forma === 'Contado' && cuotas.length) throw invalidField('cuotas', MSG_PAGO.contadoConCuotas);
  if (forma === 'Credito' && !cuotas.length) throw invalidField('cuotas', MSG_PAGO.creditoSinCuotas);

  const op = ctx.tipo_operacion;
  if (esDetraccion(op) && !e.detraccion) throw invalidField('detraccion', MSG_PAGO.detraccionRequerida);
  if (e.detraccion && !esDetraccion(op)) throw invalidField('tipo_operacion', MSG_PAGO.detraccionOperacion);
  if (op === '1002' || op === '1004') throw invalidField('tipo_operacion', MSG_PAGO.operacionNoSoportada);
  if (e.detraccion && CODIGO_DE_OPERACION[op] && e.detraccion.codigo !== CODIGO_DE_OPERACION[op]) {
    throw invalidField('detraccion.codigo', MSG_PAGO.detraccionCodigo(CODIGO_DE_OPERACION[op], op));
  }
  if (op === '2001' && !e.percepcion) throw invalidField('percepcion', MSG_PAGO.percepcionRequerida);
  if (e.percepcion && op !== '2001') throw invalidField('tipo_operacion', MSG_PAGO.percepcionOperacion);
  if (e.percepcion && forma === 'Credito') throw invalidField('forma_pago', MSG_PAGO.percepcionCredito);
  if (e.retencion && (e.detraccion || e.percepcion)) throw invalidField('retencion', MSG_PAGO.retencionExcluyente);
  if (e.retencion && ctx.cliente_tipo_doc !== '6') throw invalidField('retencion', MSG_PAGO.retencionCliente);

  const pen = ctx.tipo_moneda === 'PEN';
  const tc = e.tipo_cambio === null || e.tipo_cambio === undefined ? null : new D(e.tipo_cambio);
  if (!pen && !tc && (e.detraccion || e.percepcion)) throw invalidField('tipo_cambio', MSG_PAGO.tipoCambio);
  const total = new D(ctx.total);
  // Without tipo_cambio (a USD sale with neither detracción nor percepción) nothing is converted to soles.
  const totalPen = pen || !tc ? total : total.times(tc).toDecimalPlaces(2);

  let detraccion: DetraccionGuardada | null = null;
  let montoDetraccion = new D(0);
  let detraccionEnMoneda = new D(0);
  if (e.detraccion) {
    const d = e.detraccion;
    const porcentaje = new D(d.porcentaje ?? entrada('54', d.codigo)?.tasa ?? 0);
    const enviado = 'monto_enviado' in d ? d.monto_enviado : d.monto !== undefined ? fixed(d.monto) : null;
    // Deposits to the Banco de la Nación are made in whole soles (R.S. 343-2014/SUNAT): half-up to 0 decimals.
    montoDetraccion = enviado !== null ? new D(enviado) : totalPen.times(porcentaje).div(100).toDecimalPlaces(0);
    if (montoDetraccion.lte(0) || montoDetraccion.gte(totalPen)) throw invalidField('detraccion.monto', MSG_PAGO.detraccionMonto);
    detraccionEnMoneda = pen ? montoDetraccion : montoDetraccion.div(tc!).toDecimalPlaces(2);
    detraccion = {
      codigo: d.codigo,
      porcentaje: porcentaje.toString(),
      cuenta_banco_nacion: d.cuenta_banco_nacion,
      medio_pago: d.medio_pago ?? '001',
      monto_enviado: enviado,
    };
  }

  let percepcion: PercepcionGuardada | null = null;
  let montoPercepcion = new D(0);
  if (e.percepcion) {
    const porcentaje = TASAS_PERCEPCION[e.percepcion.codigo_regimen];
    percepcion = { codigo_regimen: e.percepcion.codigo_regimen, porcentaje, base: fixed(totalPen) };
    montoPercepcion = totalPen.times(porcentaje).div(100).toDecimalPlaces(2);
  }

  let retencion: RetencionGuardada | null = null;
  let montoRetencion = new D(0);
  if (e.retencion) {
    const porcentaje = new D(e.retencion.porcentaje ?? RETENCION_POR_DEFECTO);
    retencion = { porcentaje: porcentaje.toString(), base: fixed(total) };
    montoRetencion = total.times(porcentaje).div(100).toDecimalPlaces(2);
  }

  const neto = total.minus(detraccionEnMoneda).minus(montoRetencion);
  const guardadas: CuotaGuardada[] = cuotas.map((c) => ({ monto: fixed(c.monto), fecha_vencimiento: c.fecha_vencimiento }));
  if (forma === 'Credito') {
    if (neto.lte(0)) throw invalidField('forma_pago', MSG_PAGO.creditoSinSaldo);
    guardadas.forEach((c, i) => {
      if (c.fecha_vencimiento <= ctx.fecha_emision) throw invalidField(`cuotas.${i}.fecha_vencimiento`, MSG_PAGO.cuotaFecha);
    });
    const suma = sum(guardadas.map((c) => c.monto));
    if (!suma.eq(neto)) throw invalidField('cuotas', MSG_PAGO.cuotasNoSuman(fixed(suma), fixed(neto)));
  }
  let vencimiento = e.fecha_vencimiento ?? null;
  if (vencimiento && vencimiento < ctx.fecha_emision) throw invalidField('fecha_vencimiento', MSG_PAGO.vencimientoAnterior);
  if (!vencimiento && forma === 'Credito') vencimiento = guardadas.map((c) => c.fecha_vencimiento).sort()[guardadas.length - 1];

  return {
    forma_pago: forma,
    fecha_vencimiento: vencimiento,
    tipo_cambio: tc ? tc.toString() : null,
    cuotas: guardadas,
    detraccion,
    percepcion,
    retencion,
    monto_detraccion: fixed(montoDetraccion),
    monto_percepcion: fixed(montoPercepcion),
    monto_retencion: fixed(montoRetencion),
    monto_neto_pendiente: fixed(neto),
  };
}

const factor = (percent: string) => new D(percent).div(100).toString();

/** The stored conditions as the XML model writes them. */
export function pagoDeFactura(v: Venta): InvoicePayment {
  const pago: InvoicePayment = { forma_pago: v.forma_pago ?? 'Contado' };
  if (v.fecha_vencimiento) pago.fecha_vencimiento = v.fecha_vencimiento;
  if (pago.forma_pago === 'Credito') {
    pago.monto_neto_pendiente = fixed(v.monto_neto_pendiente);
    pago.cuotas = v.cuotas.map((c) => ({ monto: fixed(c.monto), fecha_vencimiento: c.fecha_vencimiento }));
  }
  if (v.detraccion) {
    const d = v.detraccion;
    pago.detraccion = { codigo: d.codigo, porcentaje: d.porcentaje, monto: fixed(v.monto_detraccion), cuenta: d.cuenta_banco_nacion, medio_pago: d.medio_pago };
  }
  if (v.percepcion) {
    const p = v.percepcion;
    pago.percepcion = {
      codigo: p.codigo_regimen,
      factor: factor(p.porcentaje),
      base: fixed(p.base),
      monto: fixed(v.monto_percepcion),
      total: fixed(new D(p.base).plus(v.monto_percepcion)),
    };
  }
  if (v.retencion) pago.retencion = { factor: factor(v.retencion.porcentaje), base: fixed(v.retencion.base), monto: fixed(v.monto_retencion) };
  return pago;
}

/** The stored conditions as the sale view shows them. */
export function vistaPago(v: Venta): VentaPagoView {
  const n = (x: string | number) => Number(x);
  return {
    forma_pago: v.forma_pago ?? 'Contado',
    fecha_vencimiento: v.fecha_vencimiento ?? null,
    tipo_cambio: v.tipo_cambio === null || v.tipo_cambio === undefined ? null : n(v.tipo_cambio),
    cuotas: (v.cuotas ?? []).map((c, i) => ({ numero: i + 1, monto: n(c.monto), fecha_vencimiento: c.fecha_vencimiento })),
    detraccion: v.detraccion
      ? {
          codigo: v.detraccion.codigo,
          descripcion: entrada('54', v.detraccion.codigo)?.descripcion ?? null,
          porcentaje: n(v.detraccion.porcentaje),
          cuenta_banco_nacion: v.detraccion.cuenta_banco_nacion,
          medio_pago: v.detraccion.medio_pago,
          monto: n(v.monto_detraccion),
        }
      : null,
    percepcion: v.percepcion
      ? {
          codigo_regimen: v.percepcion.codigo_regimen,
          porcentaje: n(v.percepcion.porcentaje),
          base: n(v.percepcion.base),
          monto: n(v.monto_percepcion),
          total: n(fixed(new D(v.percepcion.base).plus(v.monto_percepcion))),
        }
      : null,
    retencion: v.retencion ? { porcentaje: n(v.retencion.porcentaje), base: n(v.retencion.base), monto: n(v.monto_retencion) } : null,
    monto_detraccion: n(v.monto_detraccion ?? 0),
    monto_percepcion: n(v.monto_percepcion ?? 0),
    monto_retencion: n(v.monto_retencion ?? 0),
    monto_neto_pendiente: n(v.monto_neto_pendiente ?? v.total),
  };
}
