import { MigrationInterface, QueryRunner } from 'typeorm';

/** Clients, suppliers, products with their stock movements, and purchases. Every row belongs to one company. */
export class Catalogos1763700100000 implements MigrationInterface {
  name = 'Catalogos1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clientes (
        id_cliente serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        tipo_doc varchar(1) NOT NULL CHECK (tipo_doc IN ('0', '1', '4', '6', '7')),
        documento varchar(15) NOT NULL,
        datos varchar(255) NOT NULL,
        direccion varchar(500),
        email varchar(255),
        telefono varchar(50),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT clientes_documento_unique UNIQUE (id_empresa, documento)
      )`);
    await q.query(`
      CREATE TABLE proveedores (
        id_proveedor serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        ruc varchar(11) NOT NULL,
        razon_social varchar(255) NOT NULL,
        direccion varchar(500),
        email varchar(255),
        telefono varchar(50),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT proveedores_ruc_unique UNIQUE (id_empresa, ruc)
      )`);
    // stock >= 0 backs the service rule (no sale or reversal below zero) against any other writer.
    await q.query(`
      CREATE TABLE productos (
        id_producto serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        codigo varchar(50) NOT NULL,
        nombre varchar(255) NOT NULL,
        descripcion text,
        unidad varchar(3) NOT NULL DEFAULT 'NIU',
        precio numeric(12,2) NOT NULL DEFAULT 0 CHECK (precio >= 0),
        costo numeric(14,4) NOT NULL DEFAULT 0 CHECK (costo >= 0),
        stock numeric(14,3) NOT NULL DEFAULT 0 CHECK (stock >= 0),
        codigo_sunat varchar(8) NOT NULL DEFAULT '10000000',
        tipo_afectacion_igv varchar(2) NOT NULL DEFAULT '10' CHECK (tipo_afectacion_igv IN ('10', '20', '30')),
        estado char(1) NOT NULL DEFAULT '1',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT productos_codigo_unique UNIQUE (id_empresa, codigo)
      )`);
    await q.query(`
      CREATE TABLE movimientos_stock (
        id bigserial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        id_producto integer NOT NULL REFERENCES productos(id_producto) ON DELETE CASCADE,
        tipo varchar(7) NOT NULL CHECK (tipo IN ('ingreso', 'salida')),
        cantidad numeric(14,3) NOT NULL CHECK (cantidad > 0),
        stock_resultante numeric(14,3) NOT NULL,
        motivo varchar(255) NOT NULL,
        referencia varchar(255),
        id_usuario integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX movimientos_stock_empresa_idx ON movimientos_stock (id_empresa, created_at)`);
    await q.query(`CREATE INDEX movimientos_stock_producto_idx ON movimientos_stock (id_producto)`);
    await q.query(`
      CREATE TABLE compras (
        id_compra serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        id_proveedor integer NOT NULL REFERENCES proveedores(id_proveedor),
        id_usuario integer REFERENCES users(id) ON DELETE SET NULL,
        fecha date NOT NULL,
        tipo_documento varchar(2) NOT NULL,
        serie varchar(4) NOT NULL,
        numero integer NOT NULL CHECK (numero > 0),
        subtotal numeric(12,2) NOT NULL,
        igv numeric(12,2) NOT NULL,
        total numeric(12,2) NOT NULL,
        estado char(1) NOT NULL DEFAULT '1',
        observaciones text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A supplier's document is registered once; an annulled one may be registered again.
    await q.query(`
      CREATE UNIQUE INDEX compras_documento_unique ON compras (id_empresa, id_proveedor, tipo_documento, serie, numero)
      WHERE estado <> '2'`);
    await q.query(`CREATE INDEX compras_empresa_fecha_idx ON compras (id_empresa, fecha)`);
    await q.query(`
      CREATE TABLE compras_detalle (
        id serial PRIMARY KEY,
        id_compra integer NOT NULL REFERENCES compras(id_compra) ON DELETE CASCADE,
        id_producto integer NOT NULL REFERENCES productos(id_producto),
        cantidad numeric(14,3) NOT NULL CHECK (cantidad > 0),
        costo_unitario numeric(14,4) NOT NULL CHECK (costo_unitario >= 0),
        importe numeric(12,2) NOT NULL
      )`);
    await q.query(`CREATE INDEX compras_detalle_compra_idx ON compras_detalle (id_compra)`);
    await q.query(`CREATE INDEX compras_detalle_producto_idx ON compras_detalle (id_producto)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['compras_detalle', 'compras', 'movimientos_stock', 'productos', 'proveedores', 'clientes']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
