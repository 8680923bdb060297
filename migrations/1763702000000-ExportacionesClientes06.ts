import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17 (real invoices I): clients of every catálogo 06 type (A-G included) and the sale's tipo_operacion
 * (catálogo 51: '0101' internal sale, '0200'-'0208' exports, '0401' non-domiciled).
 */
export class ExportacionesClientes061763702000000 implements MigrationInterface {
  name = 'ExportacionesClientes061763702000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE clientes DROP CONSTRAINT clientes_tipo_doc_check,
      ADD CONSTRAINT clientes_tipo_doc_check CHECK (tipo_doc IN ('0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G'))`);
    await q.query(`ALTER TABLE ventas ADD COLUMN tipo_operacion varchar(4) NOT NULL DEFAULT '0101'
      CHECK (tipo_operacion IN ('0101', '0200', '0201', '0202', '0203', '0204', '0205', '0206', '0207', '0208', '0401'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ventas DROP COLUMN tipo_operacion`);
    await q.query(`ALTER TABLE clientes DROP CONSTRAINT clientes_tipo_doc_check,
      ADD CONSTRAINT clientes_tipo_doc_check CHECK (tipo_doc IN ('0', '1', '4', '6', '7'))`);
  }
}
