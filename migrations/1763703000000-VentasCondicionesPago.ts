import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18 (real invoices II, part A): payment form and instalments, detracción, percepción and retención on the
 * sale, the exchange rate, and the operations they need (catálogo 51: 1001-1004 detracción, 2001 percepción).
 * Existing sales are Contado and owe their total.
 */
export class VentasCondicionesPago1763703000000 implements MigrationInterface {
  name = 'VentasCondicionesPago1763703000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ventas
      ADD COLUMN forma_pago varchar(7) NOT NULL DEFAULT 'Contado' CHECK (forma_pago IN ('Contado', 'Credito')),
      ADD COLUMN fecha_vencimiento date NULL,
      ADD COLUMN tipo_cambio numeric(12,6) NULL CHECK (tipo_cambio > 0),
      ADD COLUMN cuotas jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN detraccion jsonb NULL,
      ADD COLUMN percepcion jsonb NULL,
      ADD COLUMN retencion jsonb NULL,
      ADD COLUMN monto_detraccion numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN monto_percepcion numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN monto_retencion numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN monto_neto_pendiente numeric(14,2) NOT NULL DEFAULT 0`);
    await q.query(`UPDATE ventas SET monto_neto_pendiente = total`);
    await q.query(`ALTER TABLE ventas DROP CONSTRAINT IF EXISTS ventas_tipo_operacion_check,
      ADD CONSTRAINT ventas_tipo_operacion_check CHECK (tipo_operacion IN ('0101', '0200', '0201', '0202', '0203', '0204', '0205',
        '0206', '0207', '0208', '0401', '1001', '1002', '1003', '1004', '2001'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ventas DROP CONSTRAINT IF EXISTS ventas_tipo_operacion_check,
      ADD CONSTRAINT ventas_tipo_operacion_check CHECK (tipo_operacion IN ('0101', '0200', '0201', '0202', '0203', '0204', '0205',
        '0206', '0207', '0208', '0401'))`);
    await q.query(`ALTER TABLE ventas DROP COLUMN forma_pago, DROP COLUMN fecha_vencimiento, DROP COLUMN tipo_cambio, DROP COLUMN cuotas,
      DROP COLUMN detraccion, DROP COLUMN percepcion, DROP COLUMN retencion, DROP COLUMN monto_detraccion, DROP COLUMN monto_percepcion,
      DROP COLUMN monto_retencion, DROP COLUMN monto_neto_pendiente`);
  }
}
