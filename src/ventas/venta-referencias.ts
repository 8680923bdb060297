import { invalidField } from '@/common/errors/http-errors';
import type { InvoiceReferences } from '@/sunat/documents/references';
import type { DocumentoRelacionadoDto, GuiaRelacionadaDto } from './dto/referencias-venta.dto';
import type { VentaReferenciasView } from './dto/venta-referencias-view';
import type { Venta } from './entities/venta.entity';
import type { DocumentoRelacionadoGuardado, GuiaGuardada } from './venta-referencias.types';

/* Issue 18 part B: a sale's references (guides, purchase order, catálogo 12 documents) and its currency rule. */

export const MSG_REFERENCIAS = {
  guiaRepetida: 'La guía ya figura en la lista (SUNAT 2364).',
  documentoRepetido: 'El documento ya figura en la lista (SUNAT 2365).',
  tipoCambio: 'tipo_cambio es obligatorio para monedas distintas de PEN y USD.',
};

export interface EntradaReferencias {
  guias?: GuiaRelacionadaDto[];
  orden_compra?: string;
  documentos_relacionados?: DocumentoRelacionadoDto[];
}

export type ReferenciasGuardadas = Pick<Venta, 'guias' | 'orden_compra' | 'documentos_relacionados'>;

/** What the sale stores; a repeated guide or document is refused as SUNAT would (errors 2364, 2365). */
export function referenciasDe(dto: EntradaReferencias): ReferenciasGuardadas {
  const guias: GuiaGuardada[] = [];
  (dto.guias ?? []).forEach((g, i) => {
    if (guias.some((o) => o.tipo === g.tipo && o.serie === g.serie && o.numero === g.numero)) {
      throw invalidField(`guias.${i}.numero`, MSG_REFERENCIAS.guiaRepetida);
    }
    guias.push({ tipo: g.tipo, serie: g.serie, numero: g.numero });
  });
  const documentos: DocumentoRelacionadoGuardado[] = [];
  (dto.documentos_relacionados ?? []).forEach((d, i) => {
    if (documentos.some((o) => o.tipo === d.tipo && o.numero === d.numero)) {
      throw invalidField(`documentos_relacionados.${i}.numero`, MSG_REFERENCIAS.documentoRepetido);
    }
    documentos.push({ tipo: d.tipo, numero: d.numero });
  });
  return { guias, orden_compra: dto.orden_compra ?? null, documentos_relacionados: documentos };
}

/** Currencies beyond PEN and USD need the exchange rate (soles per unit); PEN and USD keep today's behaviour. */
export function assertTipoCambio(moneda: string, tipoCambio: number | string | null | undefined): void {
  if (moneda !== 'PEN' && moneda !== 'USD' && (tipoCambio === undefined || tipoCambio === null)) {
    throw invalidField('tipo_cambio', MSG_REFERENCIAS.tipoCambio);
  }
}

/** The references as the invoice model writes them. */
export function referenciasDeFactura(v: Partial<ReferenciasGuardadas>): InvoiceReferences {
  return {
    orden_compra: v.orden_compra ?? undefined,
    guias: (v.guias ?? []).map((g) => ({ tipo: g.tipo as '09' | '31', numero: `${g.serie}-${g.numero}` })),
    documentos: (v.documentos_relacionados ?? []).map((d) => ({ tipo: d.tipo, numero: d.numero })),
  };
}

/** The sale view's part B fields. */
export function vistaReferencias(v: Venta): VentaReferenciasView {
  return {
    guias: v.guias ?? [],
    orden_compra: v.orden_compra ?? null,
    documentos_relacionados: v.documentos_relacionados ?? [],
    es_anticipo: v.es_anticipo ?? false,
    anticipos: (v.anticipos ?? []).map((a) => ({ ...a, monto: Number(a.monto), base: Number(a.base), igv: Number(a.igv) })),
    total_anticipos: Number(v.total_anticipos ?? 0),
    // Filled by VentaViewService for advances (it needs a query).
    anticipo_deducido: 0,
  };
}
