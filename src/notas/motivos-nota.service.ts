import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { invalidField } from '@/common/errors/http-errors';
import { MotivoNota, TipoNota } from './entities/motivo-nota.entity';
import { MSG_NOTA } from './nota-messages';
import { NotaKind } from './nota-kind';

/** The reason catalog (SUNAT catálogos 09 and 10). */
@Injectable()
export class MotivosNotaService {
  constructor(private readonly dataSource: DataSource) {}

  /** GET .../motivos: the active reasons of a kind, by code. */
  activos(tipo: TipoNota): Promise<MotivoNota[]> {
    return this.dataSource.manager.find(MotivoNota, { where: { tipo, estado: true }, order: { codigo_sunat: 'ASC' } });
  }

  async porIds(ids: number[]): Promise<Map<number, MotivoNota>> {
    if (!ids.length) return new Map();
    const rows = await this.dataSource.manager.find(MotivoNota, { where: { id: In([...new Set(ids)]) } });
    return new Map(rows.map((m) => [m.id, m]));
  }

  /** The reason a new note may use: it exists, is of the note's kind and is active; otherwise 422 on motivo_id. */
  async paraNota(manager: EntityManager, kind: NotaKind, id: number): Promise<MotivoNota> {
    const motivo = await manager.findOne(MotivoNota, { where: { id } });
    if (!motivo) throw invalidField('motivo_id', MSG_NOTA.motivoNoExiste);
    if (motivo.tipo !== kind.tipo) throw invalidField('motivo_id', MSG_NOTA.motivoOtroTipo(kind));
    if (!motivo.estado) throw invalidField('motivo_id', MSG_NOTA.motivoInactivo);
    return motivo;
  }
}
