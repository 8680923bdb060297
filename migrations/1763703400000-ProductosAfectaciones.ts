import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: a product may carry any catálogo 07 affectation, ISC (catálogo 08 system with its tasa, monto or
 * precio_publico) and ICBPER; a sale line naming the product takes them unless it overrides them.
 */
const CATALOGO_07 = ['10', '11', '12', '13', '14', '15', '16', '17', '20', '21', '30', '31', '32', '33', '34', '35', '36', '37', '40']
  .map((c) => `'${c}'`)
  .join(', ');

export class ProductosAfectaciones1763703400000 implements MigrationInterface {
  name = 'ProductosAfectaciones1763703400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE productos
      DROP CONSTRAINT productos_tipo_afectacion_igv_check,
      ADD CONSTRAINT productos_tipo_afectacion_igv_check CHECK (tipo_afectacion_igv IN (${CATALOGO_07})),
      ADD COLUMN icbper boolean NOT NULL DEFAULT false,
      ADD COLUMN isc_sistema varchar(2) CHECK (isc_sistema IN ('01', '02', '03')),
      ADD COLUMN isc_tasa numeric(10,5) CHECK (isc_tasa > 0),
      ADD COLUMN isc_monto numeric(22,10) CHECK (isc_monto > 0),
      ADD COLUMN isc_precio_publico numeric(22,10) CHECK (isc_precio_publico > 0),
      ADD CONSTRAINT productos_isc_gravado_check CHECK (isc_sistema IS NULL OR tipo_afectacion_igv = '10')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE productos DROP CONSTRAINT productos_isc_gravado_check,
      DROP COLUMN icbper, DROP COLUMN isc_sistema, DROP COLUMN isc_tasa, DROP COLUMN isc_monto, DROP COLUMN isc_precio_publico,
      DROP CONSTRAINT productos_tipo_afectacion_igv_check,
      ADD CONSTRAINT productos_tipo_afectacion_igv_check CHECK (tipo_afectacion_igv IN ('10', '20', '30'))`);
  }
}
