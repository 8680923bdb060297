import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { invalidField } from '@/common/errors/http-errors';
import { Serie } from './entities/serie.entity';
import { DEFAULT_SERIES, SERIE_PATTERN } from './default-series';
import { CreateSerieDto } from './dto/serie.dto';

/** The tables whose highest number is a floor of their series' counter (never user input: it is spliced into SQL). */
export type DocumentTable = 'notas_credito' | 'notas_debito' | 'guias_remision';

@Injectable()
export class SeriesService {
  constructor(@InjectRepository(Serie) private readonly series: Repository<Serie>) {}

  /**
   * Takes the next number of (company, type, series) inside the caller's transaction. The upsert's row
   * lock is held until that transaction ends, so concurrent callers queue and never get the same number.
   * `floor` is the highest number already used (notes: max(existing, counter) + 1).
   */
  async next(manager: EntityManager, empresaId: number, tipo: string, serie: string, floor = 0): Promise<number> {
    const rows: Array<{ correlativo: number }> = await manager.query(
      `INSERT INTO series (id_empresa, tipo_documento, serie, correlativo)
       VALUES ($1, $2, $3, $4 + 1)
       ON CONFLICT (id_empresa, tipo_documento, serie)
       DO UPDATE SET correlativo = GREATEST(series.correlativo, $4) + 1, updated_at = now()
       RETURNING correlativo`,
      [empresaId, tipo, serie, floor],
    );
    return rows[0].correlativo;
  }

  /**
   * `next` with the floor read in the same statement: the highest `numero` of (company, series) in `table`, a
   * document table of ours (notes, guides), whose numbers may run ahead of the counter (SPEC: max(existing,
   * counter) + 1). One round trip instead of two (issue 21).
   */
  async nextAbove(manager: EntityManager, empresaId: number, tipo: string, serie: string, table: DocumentTable): Promise<number> {
    const rows: Array<{ correlativo: number }> = await manager.query(
      `INSERT INTO series (id_empresa, tipo_documento, serie, correlativo)
       VALUES ($1, $2, $3::varchar, (SELECT COALESCE(MAX(numero), 0) FROM ${table} WHERE id_empresa = $1 AND serie = $3::varchar) + 1)
       ON CONFLICT (id_empresa, tipo_documento, serie)
       DO UPDATE SET correlativo = GREATEST(series.correlativo + 1, EXCLUDED.correlativo), updated_at = now()
       RETURNING correlativo`,
      [empresaId, tipo, serie],
    );
    return rows[0].correlativo;
  }

  /** The number `next` would give now (for "próximo número" screens; not reserved). */
  async peek(empresaId: number, tipo: string, serie: string, floor = 0): Promise<number> {
    const row = await this.series.findOne({ where: { id_empresa: empresaId, tipo_documento: tipo, serie } });
    return Math.max(row?.correlativo ?? 0, floor) + 1;
  }

  async createDefaults(manager: EntityManager, empresaId: number): Promise<void> {
    await manager.insert(
      Serie,
      DEFAULT_SERIES.map(([tipo, serie]) => ({ id_empresa: empresaId, tipo_documento: tipo, serie })),
    );
  }

  list(empresaId: number): Promise<Serie[]> {
    return this.series.find({ where: { id_empresa: empresaId }, order: { tipo_documento: 'ASC', serie: 'ASC' } });
  }

  /** First series of a type for the company (F001 before F002). */
  async defaultFor(empresaId: number, tipo: string): Promise<string | null> {
    const row = await this.series.findOne({ where: { id_empresa: empresaId, tipo_documento: tipo }, order: { serie: 'ASC' } });
    return row?.serie ?? null;
  }

  async create(empresaId: number, dto: CreateSerieDto): Promise<Serie> {
    const serie = dto.serie.toUpperCase();
    if (!SERIE_PATTERN[dto.tipo_documento].test(serie)) {
      throw invalidField('serie', `La serie ${serie} no corresponde al tipo de documento ${dto.tipo_documento}.`);
    }
    const exists = await this.series.findOne({ where: { id_empresa: empresaId, tipo_documento: dto.tipo_documento, serie } });
    if (exists) throw invalidField('serie', 'La serie ya existe.');
    return this.series.save(this.series.create({ id_empresa: empresaId, tipo_documento: dto.tipo_documento, serie, correlativo: dto.correlativo ?? 0 }));
  }
}
