import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19 (guides for real cases): recipients of any catálogo 06 type, and what each catálogo 20 reason needs:
 * related documents (catálogo 61), supplier and buyer, annexed establishments, packages and port (import/export),
 * secondary drivers and vehicles.
 */
export class GuiasMotivosCompletos1763703300000 implements MigrationInterface {
  name = 'GuiasMotivosCompletos1763703300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE guias_remision DROP CONSTRAINT guias_remision_destinatario_tipo_doc_check,
      ADD CONSTRAINT guias_remision_destinatario_tipo_doc_check
        CHECK (destinatario_tipo_doc IN ('0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G')),
      ADD COLUMN documentos_relacionados jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN proveedor jsonb,
      ADD COLUMN comprador jsonb,
      ADD COLUMN establecimiento_partida varchar(4),
      ADD COLUMN establecimiento_partida_ruc varchar(11),
      ADD COLUMN establecimiento_llegada varchar(4),
      ADD COLUMN establecimiento_llegada_ruc varchar(11),
      ADD COLUMN numero_bultos integer CHECK (numero_bultos > 0),
      ADD COLUMN puerto jsonb,
      ADD COLUMN conductores_secundarios jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN vehiculos_secundarios jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE guias_remision DROP COLUMN documentos_relacionados, DROP COLUMN proveedor, DROP COLUMN comprador,
      DROP COLUMN establecimiento_partida, DROP COLUMN establecimiento_partida_ruc, DROP COLUMN establecimiento_llegada,
      DROP COLUMN establecimiento_llegada_ruc, DROP COLUMN numero_bultos, DROP COLUMN puerto,
      DROP COLUMN conductores_secundarios, DROP COLUMN vehiculos_secundarios,
      DROP CONSTRAINT guias_remision_destinatario_tipo_doc_check,
      ADD CONSTRAINT guias_remision_destinatario_tipo_doc_check CHECK (destinatario_tipo_doc IN ('1', '6'))`);
  }
}
