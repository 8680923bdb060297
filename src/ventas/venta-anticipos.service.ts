import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { invalidField } from '@/common/errors/http-errors';
import { SUNAT_ACEPTADA, VENTA_ANULADA } from '@/common/estados';
import { D, fixed, sum } from '@/common/money';
import type { Prepayment } from '@/sunat/documents/references';
import type { AnticipoDeducidoDto } from './dto/referencias-venta.dto';
import { Venta } from './entities/venta.entity';
import { FACTURA } from './tipos-documento';
import type { ContenidoPreparado } from './venta-contenido.service';
import type { AnticipoAplicado } from './venta-referencias.types';

export const MSG_ANTICIPOS = {
  soloFactura: 'Los anticipos se deducen en facturas.',
  anticipoNoDeduce: 'Una venta de anticipo (es_anticipo) no deduce otros anticipos.',
  tipoDocumento: 'Una factura deduce facturas de anticipo (tipo_documento 01).',
  repetido: 'El anticipo ya figura en la lista.',
  noExiste: (n: string) => `No existe el comprobante ${n}.`,
  noEsAnticipo: (n: string) => `El comprobante ${n} no es un anticipo (es_anticipo).`,
  otroCliente: (n: string) => `El anticipo ${n} es de otro cliente.`,
  noAceptado: (n: string) => `El anticipo ${n} no está aceptado por SUNAT.`,
  otraMoneda: (n: string) => `El anticipo ${n} está en otra moneda.`,
  afectaciones: (n: string) => `El anticipo ${n} debe ser solo gravado (10), solo exonerado (20) o solo inafecto (30).`,
  yaDeducido: (n: string) => `El anticipo ${n} ya fue deducido por completo.`,
  excede: (n: string, resto: string) => `El monto excede lo que queda por deducir del anticipo ${n} (${resto}).`,
  excedeVenta: 'Los anticipos exceden el valor de la venta del mismo tipo de afectación.',
  conIvap: 'Una venta con líneas IVAP (17) no deduce anticipos.',
  edicion: 'Una venta que deduce anticipos no se edita; elimínela y emita otra.',
};

export interface ContextoAnticipos {
  empresaId: number;
  tipo_documento: string;
  id_cliente: number;
  tipo_moneda: string;
  es_anticipo: boolean;
  /** IGV as a ratio ('0.18'). */
  rate: string;
}

/**
 * Issue 18 part B: the advances a final invoice deducts. Each advance row is locked (FOR UPDATE) until the
 * transaction ends, so two sales can never deduct the same remainder; what an advance has given is the sum
 * of its venta_anticipos rows whose sale is not annulled.
 */
@Injectable()
export class VentaAnticiposService {
  /** Checks and prices the deductions and lowers the sale's stored amounts (op_*, igv, subtotal, total) by them. */
  async aplicar(
    manager: EntityManager,
    ctx: ContextoAnticipos,
    entradas: AnticipoDeducidoDto[] | undefined,
    p: ContenidoPreparado,
  ): Promise<AnticipoAplicado[]> {
    if (!entradas?.length) return [];
    if (ctx.tipo_documento !== FACTURA) throw invalidField('anticipos', MSG_ANTICIPOS.soloFactura);
    if (ctx.es_anticipo) throw invalidField('anticipos', MSG_ANTICIPOS.anticipoNoDeduce);
    if (new D(p.montos.op_ivap).gt(0)) throw invalidField('anticipos', MSG_ANTICIPOS.conIvap);
    const claves = entradas.map((e) => `${e.tipo_documento}|${e.serie}|${e.numero}`);
    claves.forEach((c, i) => {
      if (entradas[i].tipo_documento !== FACTURA) throw invalidField(`anticipos.${i}.tipo_documento`, MSG_ANTICIPOS.tipoDocumento);
      if (claves.indexOf(c) !== i) throw invalidField(`anticipos.${i}.numero`, MSG_ANTICIPOS.repetido);
    });
    // Locks taken in one order (series, number) so two sales deducting the same advances never deadlock.
    const orden = entradas.map((_, i) => i).sort((a, b) => entradas[a].serie.localeCompare(entradas[b].serie) || entradas[a].numero - entradas[b].numero);
    const filas = new Map<number, Venta | null>();
    for (const i of orden) {
      const e = entradas[i];
      filas.set(
        i,
        await manager.findOne(Venta, {
          where: { id_empresa: ctx.empresaId, tipo_documento: e.tipo_documento, serie: e.serie, numero: e.numero },
          lock: { mode: 'pessimistic_write' },
        }),
      );
    }
    const aplicados: AnticipoAplicado[] = [];
    for (let i = 0; i < entradas.length; i++) aplicados.push(await this.deduccion(manager, ctx, entradas[i], filas.get(i) ?? null, i));
    this.descontar(p, aplicados);
    return aplicados;
  }

  /** Tracking rows, once the sale has its id. */
  async registrar(manager: EntityManager, idVenta: number, aplicados: AnticipoAplicado[]): Promise<void> {
    for (const a of aplicados) {
      await manager.query(`INSERT INTO venta_anticipos (id_venta, id_anticipo, monto, base) VALUES ($1, $2, $3, $4)`, [idVenta, a.id_venta, a.monto, a.base]);
    }
  }

  private async deduccion(manager: EntityManager, ctx: ContextoAnticipos, e: AnticipoDeducidoDto, a: Venta | null, i: number): Promise<AnticipoAplicado> {
    const campo = `anticipos.${i}.numero`;
    const nombre = `${e.serie}-${e.numero}`;
    if (!a) throw invalidField(campo, MSG_ANTICIPOS.noExiste(nombre));
    if (!a.es_anticipo) throw invalidField(campo, MSG_ANTICIPOS.noEsAnticipo(nombre));
    if (a.id_cliente !== ctx.id_cliente) throw invalidField(campo, MSG_ANTICIPOS.otroCliente(nombre));
    if (a.estado === VENTA_ANULADA || a.estado_sunat !== SUNAT_ACEPTADA) throw invalidField(campo, MSG_ANTICIPOS.noAceptado(nombre));
    if (a.tipo_moneda !== ctx.tipo_moneda) throw invalidField(campo, MSG_ANTICIPOS.otraMoneda(nombre));
    const { codigo, baseTotal } = tipoDeAnticipo(a, nombre, campo);
    const [hecho] = (await manager.query(
      `SELECT COALESCE(SUM(va.monto), 0)::text AS monto, COALESCE(SUM(va.base), 0)::text AS base
         FROM venta_anticipos va JOIN ventas f ON f.id_venta = va.id_venta
        WHERE va.id_anticipo = $1 AND f.estado <> $2`,
      [a.id_venta, VENTA_ANULADA],
    )) as Array<{ monto: string; base: string }>;
    const resto = new D(a.total).minus(hecho.monto);
    if (resto.lte(0)) throw invalidField(campo, MSG_ANTICIPOS.yaDeducido(nombre));
    const monto = e.monto === undefined ? resto : new D(e.monto);
    if (monto.gt(resto)) throw invalidField(`anticipos.${i}.monto`, MSG_ANTICIPOS.excede(nombre, fixed(resto)));
    // The last part takes exactly what is left of the advance's base; a partial one splits its IGV out.
    const base = monto.eq(resto)
      ? new D(baseTotal).minus(hecho.base)
      : codigo === '04'
        ? monto.div(new D(1).plus(ctx.rate)).toDecimalPlaces(2, D.ROUND_HALF_UP)
        : monto;
    return {
      id_venta: a.id_venta,
      tipo_documento: a.tipo_documento,
      numero_completo: a.numero_completo,
      monto: fixed(monto),
      base: fixed(base),
      igv: fixed(monto.minus(base)),
      codigo,
    };
  }

  private descontar(p: ContenidoPreparado, aplicados: AnticipoAplicado[]): void {
    const m = p.montos;
    const de = (codigo: string, campo: 'base' | 'igv') => sum(aplicados.filter((a) => a.codigo === codigo).map((a) => a[campo]));
    const resta = (valor: string, menos: InstanceType<typeof D>) => {
      const r = new D(valor).minus(menos);
      if (r.lt(0)) throw invalidField('anticipos', MSG_ANTICIPOS.excedeVenta);
      return fixed(r);
    };
    m.op_gravadas = resta(m.op_gravadas, de('04', 'base'));
    m.igv = resta(m.igv, de('04', 'igv'));
    m.op_exoneradas = resta(m.op_exoneradas, de('05', 'base'));
    m.op_inafectas = resta(m.op_inafectas, de('06', 'base'));
    m.subtotal = resta(m.subtotal, sum(aplicados.map((a) => a.base)));
    m.total = resta(m.total, sum(aplicados.map((a) => a.monto)));
  }
}

/** An advance is of one kind: gravado (04), exonerado (05) or inafecto (06), with nothing else. */
function tipoDeAnticipo(a: Venta, nombre: string, campo: string): { codigo: AnticipoAplicado['codigo']; baseTotal: string } {
  const otros = [a.op_exportacion, a.op_ivap, a.isc, a.icbper, a.op_gratuitas].some((v) => new D(v).gt(0));
  const tipos = (
    [
      ['04', a.op_gravadas],
      ['05', a.op_exoneradas],
      ['06', a.op_inafectas],
    ] as const
  ).filter(([, v]) => new D(v).gt(0));
  if (otros || tipos.length !== 1) throw invalidField(campo, MSG_ANTICIPOS.afectaciones(nombre));
  return { codigo: tipos[0][0], baseTotal: tipos[0][1] };
}

/** The deducted advances as the invoice model writes them. */
export function anticiposDeFactura(anticipos: AnticipoAplicado[] | undefined, rucEmisor: string): Prepayment[] {
  return (anticipos ?? []).map((a) => ({
    tipo: a.tipo_documento === FACTURA ? '02' : '03',
    numero: a.numero_completo,
    ruc_emisor: rucEmisor,
    monto: a.monto,
    base: a.base,
    igv: a.igv,
    codigo: a.codigo,
  }));
}

/** What later sales (not annulled) have deducted of each advance, taxes included: id of the advance → amount. */
export async function deducidoDeAnticipos(manager: EntityManager, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = (await manager.query(
    `SELECT va.id_anticipo, SUM(va.monto)::text AS monto
       FROM venta_anticipos va JOIN ventas f ON f.id_venta = va.id_venta
      WHERE va.id_anticipo = ANY($1) AND f.estado <> $2
      GROUP BY va.id_anticipo`,
    [ids, VENTA_ANULADA],
  )) as Array<{ id_anticipo: number; monto: string }>;
  return new Map(rows.map((r) => [Number(r.id_anticipo), Number(r.monto)]));
}
