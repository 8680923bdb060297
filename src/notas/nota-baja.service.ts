import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { NOTA_CREDITO } from '@/notas-credito/nota-credito.kind';
import { NOTA_DEBITO } from '@/notas-debito/nota-debito.kind';
import {
  BAJA_ACEPTADA,
  BAJA_EN_PROCESO,
  BajaNota,
  EstadoNota,
  NOTA_ACEPTADA,
  NOTA_ANULADA,
  SUNAT_ACEPTADA,
  SUNAT_RECHAZADA,
  VENTA_ACTIVA,
  VENTA_ANULADA,
} from '@/common/estados';
import { VentasService } from '@/ventas/ventas.service';
import { Eventos } from '@/eventos/eventos.service';
import { recursoDeNota } from '@/eventos/tipos-evento';
import { TipoNota } from './entities/motivo-nota.entity';
import { NotaBase } from './entities/nota-base';
import { NotaKind } from './nota-kind';

/** What the voiding communication (RA) needs of a note. */
export interface NotaParaBaja {
  tipo: TipoNota;
  /** SUNAT catálogo 01: '07' or '08'. */
  tipoDocumento: '07' | '08';
  id: number;
  id_venta: number;
  serie: string;
  numero: number;
  /** 'FC01-3' */
  numero_completo: string;
  /** YYYY-MM-DD (Lima). */
  fecha_emision: string;
  estado: EstadoNota;
  baja: BajaNota | null;
}

const KINDS: Readonly<Record<TipoNota, NotaKind>> = { NC: NOTA_CREDITO, ND: NOTA_DEBITO };

/**
 * The notes' side of a comunicación de baja (RA): read the company's notes, mark them while the ticket
 * is pending and apply SUNAT's final answer. The batch modules call this (never the notes' tables).
 */
@Injectable()
export class NotaBajaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ventas: VentasService,
    private readonly eventos: Eventos,
  ) {}

  /** Ids (of any company) that exist as notes of the kind. */
  async existingIds(tipo: TipoNota, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.dataSource.manager.find(KINDS[tipo].entity, { select: { id: true }, where: { id: In([...new Set(ids)]) } });
    return new Set(rows.map((r) => r.id));
  }

  /** The company's notes of the kind among the ids, by id; other companies' ids are left out. */
  async findManyForEmpresa(tipo: TipoNota, empresaId: number, ids: number[]): Promise<NotaParaBaja[]> {
    if (!ids.length) return [];
    const kind = KINDS[tipo];
    const rows = await this.dataSource.manager.find(kind.entity, {
      where: { id_empresa: empresaId, id: In([...new Set(ids)]) },
      order: { id: 'ASC' },
    });
    return rows.map((n) => paraBaja(kind, n));
  }

  /** Ticket received: the note stays 'aceptado', with baja 'en_proceso' and the ticket text. */
  async marcarEnProceso(manager: EntityManager, tipo: TipoNota, id: number, mensaje: string): Promise<void> {
    await manager.update(KINDS[tipo].entity, { id }, { baja: BAJA_EN_PROCESO, mensaje_sunat: mensaje });
  }

  /**
   * SUNAT's final answer on the RA, in the caller's transaction. Accepted: the note is 'anulado' with baja
   * 'aceptada'; a credit note that annulled its sale gives the sale back (estado '1', estado_sunat '1')
   * unless another accepted credit note still annuls it. Rejected: baja cleared, the note stays 'aceptado'.
   */
  async aplicarBaja(manager: EntityManager, tipo: TipoNota, id: number, accepted: boolean, mensaje: string): Promise<void> {
    const kind = KINDS[tipo];
    if (!accepted) {
      await manager.update(kind.entity, { id }, { baja: null, mensaje_sunat: mensaje });
      return;
    }
    await manager.update(kind.entity, { id }, { estado: NOTA_ANULADA, baja: BAJA_ACEPTADA, mensaje_sunat: mensaje });
    const nota = await manager.findOne(kind.entity, { where: { id } });
    if (!nota) return;
    await this.eventos.registrar(manager, { empresaId: nota.id_empresa, tipo: 'documento.anulado', recurso: recursoDeNota(tipo), id });
    // The voided note no longer counts in the sale's saldo (returned stock stays: the goods are back).
    const menos = `-${nota.monto_total}`;
    await this.ventas.ajustarSaldo(manager, nota.id_venta, kind.tipo === 'NC' ? { credito: menos } : { debito: menos });
    if (!kind.anulaVenta || nota.parcial) return;
    // The sale row is locked as note creation locks it, so a new note on it is judged after this change.
    const venta = await this.ventas.lockForUpdate(manager, nota.id_empresa, nota.id_venta);
    const otraVigente = await manager.exists(kind.entity, { where: { id_venta: nota.id_venta, estado: NOTA_ACEPTADA } });
    if (otraVigente || !venta || venta.estado !== VENTA_ANULADA || venta.estado_sunat !== SUNAT_RECHAZADA) return;
    await this.ventas.setSunatState(manager, nota.id_venta, {
      estado: VENTA_ACTIVA,
      estado_sunat: SUNAT_ACEPTADA,
      mensaje_sunat: `Restituida: la ${kind.recurso.toLowerCase()} ${nota.serie}-${nota.numero} que la anulaba fue dada de baja (comunicación de baja aceptada por SUNAT).`,
    });
  }
}

function paraBaja(kind: NotaKind, n: NotaBase): NotaParaBaja {
  return {
    tipo: kind.tipo,
    tipoDocumento: kind.tipoDocumento,
    id: n.id,
    id_venta: n.id_venta,
    serie: n.serie,
    numero: n.numero,
    numero_completo: `${n.serie}-${n.numero}`,
    fecha_emision: n.fecha_emision,
    estado: n.estado,
    baja: n.baja,
  };
}
