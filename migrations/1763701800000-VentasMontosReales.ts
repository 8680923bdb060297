import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17 (real invoices I): every catalog 07 affectation, discounts, prices with or without IGV at 10
 * decimals. The sale stores its amount per affectation (sums of its line amounts) and the line its discount.
 */
const CATALOGO_07 = ['10', '11', '12', '13', '14', '15', '16', '17', '20', '21', '30', '31', '32', '33', '34', '35', '36', '37', '40']
  .map((c) => `'${c}'`)
  .join(', ');

export class VentasMontosReales1763701800000 implements MigrationInterface {
  name = 'VentasMontosReales1763701800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ventas
      ADD COLUMN op_gratuitas numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN igv_gratuitas numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN op_exportacion numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN op_ivap numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN ivap numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN descuentos numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN descuento_global numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN icbper numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN isc numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN precios_incluyen_igv boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE venta_detalles
      ALTER COLUMN cantidad TYPE numeric(22,10),
      ALTER COLUMN precio_unitario TYPE numeric(22,10),
      ADD COLUMN descuento numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN icbper boolean NOT NULL DEFAULT false,
      DROP CONSTRAINT venta_detalles_tipo_afectacion_igv_check,
      ADD CONSTRAINT venta_detalles_tipo_afectacion_igv_check CHECK (tipo_afectacion_igv IN (${CATALOGO_07}))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE venta_detalles DROP COLUMN descuento, DROP COLUMN icbper, DROP CONSTRAINT venta_detalles_tipo_afectacion_igv_check,
      ADD CONSTRAINT venta_detalles_tipo_afectacion_igv_check CHECK (tipo_afectacion_igv IN ('10', '20', '30')),
      ALTER COLUMN precio_unitario TYPE numeric(14,4), ALTER COLUMN cantidad TYPE numeric(14,3)`);
    await q.query(`ALTER TABLE ventas DROP COLUMN op_gratuitas, DROP COLUMN igv_gratuitas, DROP COLUMN op_exportacion,
      DROP COLUMN op_ivap, DROP COLUMN ivap, DROP COLUMN descuentos, DROP COLUMN descuento_global, DROP COLUMN icbper,
      DROP COLUMN isc, DROP COLUMN precios_incluyen_igv`);
  }
}
