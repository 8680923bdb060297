import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sales (facturas and boletas) and their lines. Every sale belongs to one company. */
export class Ventas1763700200000 implements MigrationInterface {
  name = 'Ventas1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ventas (
        id_venta serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        id_usuario integer REFERENCES users(id) ON DELETE SET NULL,
        id_cliente integer NOT NULL REFERENCES clientes(id_cliente),
        tipo_documento varchar(2) NOT NULL CHECK (tipo_documento IN ('01', '03')),
        serie varchar(4) NOT NULL,
        numero integer NOT NULL CHECK (numero > 0),
        numero_completo varchar(20) NOT NULL,
        fecha_emision date NOT NULL,
        hora_emision varchar(8) NOT NULL,
        tipo_moneda varchar(3) NOT NULL DEFAULT 'PEN' CHECK (tipo_moneda IN ('PEN', 'USD')),
        op_gravadas numeric(14,2) NOT NULL DEFAULT 0,
        op_exoneradas numeric(14,2) NOT NULL DEFAULT 0,
        op_inafectas numeric(14,2) NOT NULL DEFAULT 0,
        subtotal numeric(14,2) NOT NULL DEFAULT 0,
        igv numeric(14,2) NOT NULL DEFAULT 0,
        total numeric(14,2) NOT NULL DEFAULT 0,
        estado char(1) NOT NULL DEFAULT '1',
        estado_sunat char(1) NOT NULL DEFAULT '0' CHECK (estado_sunat IN ('0', '1', '2', '3')),
        mensaje_sunat text,
        codigo_sunat varchar(10),
        hash_cpe varchar(100),
        nombre_xml varchar(255),
        xml_url varchar(500),
        cdr_url varchar(500),
        cotizacion_id integer,
        stock_descontado boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A number is never reused in a series, even by an annulled sale (SUNAT correlatives).
    await q.query(`CREATE UNIQUE INDEX ventas_numero_unique ON ventas (id_empresa, tipo_documento, serie, numero)`);
    await q.query(`CREATE INDEX ventas_empresa_fecha_idx ON ventas (id_empresa, fecha_emision)`);
    await q.query(`CREATE INDEX ventas_cliente_idx ON ventas (id_cliente)`);
    await q.query(`
      CREATE TABLE venta_detalles (
        id serial PRIMARY KEY,
        id_venta integer NOT NULL REFERENCES ventas(id_venta) ON DELETE CASCADE,
        id_producto integer REFERENCES productos(id_producto),
        codigo_producto varchar(50),
        descripcion varchar(500) NOT NULL,
        unidad_medida varchar(3) NOT NULL DEFAULT 'NIU',
        cantidad numeric(14,3) NOT NULL CHECK (cantidad > 0),
        precio_unitario numeric(14,4) NOT NULL CHECK (precio_unitario >= 0),
        tipo_afectacion_igv varchar(2) NOT NULL DEFAULT '10' CHECK (tipo_afectacion_igv IN ('10', '20', '30')),
        valor_venta numeric(14,2) NOT NULL,
        igv numeric(14,2) NOT NULL,
        total numeric(14,2) NOT NULL
      )`);
    await q.query(`CREATE INDEX venta_detalles_venta_idx ON venta_detalles (id_venta)`);
    await q.query(`CREATE INDEX venta_detalles_producto_idx ON venta_detalles (id_producto)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS venta_detalles`);
    await q.query(`DROP TABLE IF EXISTS ventas`);
  }
}
