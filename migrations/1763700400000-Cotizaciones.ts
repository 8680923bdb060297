import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quotations with their lines and instalments, and the listing view. The number 'COT-000001' comes from
 * the series counter (tipo 'CT', serie 'COT') taken in the same transaction as the insert.
 */
export class Cotizaciones1763700400000 implements MigrationInterface {
  name = 'Cotizaciones1763700400000';

  async up(q: QueryRunner): Promise<void> {
    // id_cliente is null for a free-text client (cliente_nombre); the CHECK keeps exactly one of the two.
    await q.query(`
      CREATE TABLE cotizaciones (
        id_cotizacion serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        id_usuario integer REFERENCES users(id) ON DELETE SET NULL,
        numero varchar(20) NOT NULL,
        id_cliente integer REFERENCES clientes(id_cliente),
        cliente_nombre varchar(255),
        fecha date NOT NULL,
        moneda varchar(3) NOT NULL CHECK (moneda IN ('PEN', 'USD')),
        tipo_cambio numeric(10,3) CHECK (tipo_cambio > 0),
        aplicar_igv boolean NOT NULL,
        descuento numeric(16,2) NOT NULL DEFAULT 0 CHECK (descuento >= 0),
        monto_bruto numeric(16,2) NOT NULL CHECK (monto_bruto >= 0),
        subtotal numeric(16,2) NOT NULL,
        igv numeric(16,2) NOT NULL,
        total numeric(16,2) NOT NULL CHECK (total >= 0),
        asunto varchar(255),
        observaciones text,
        dias_pago varchar(100),
        direccion varchar(500),
        estado varchar(10) NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'aprobada', 'rechazada', 'vencida')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT cotizaciones_numero_unique UNIQUE (id_empresa, numero),
        CONSTRAINT cotizaciones_un_cliente CHECK ((id_cliente IS NULL) <> (cliente_nombre IS NULL))
      )`);
    await q.query(`CREATE INDEX cotizaciones_cliente_idx ON cotizaciones (id_cliente)`);
    await q.query(`
      CREATE TABLE cotizacion_detalles (
        id serial PRIMARY KEY,
        id_cotizacion integer NOT NULL REFERENCES cotizaciones(id_cotizacion) ON DELETE CASCADE,
        id_producto integer REFERENCES productos(id_producto),
        codigo varchar(50),
        nombre varchar(255) NOT NULL,
        cantidad numeric(14,3) NOT NULL CHECK (cantidad > 0),
        precio_unitario numeric(14,2) NOT NULL CHECK (precio_unitario >= 0),
        precio_especial numeric(14,2) CHECK (precio_especial >= 0),
        precio numeric(14,2) NOT NULL,
        importe numeric(16,2) NOT NULL
      )`);
    await q.query(`CREATE INDEX cotizacion_detalles_cotizacion_idx ON cotizacion_detalles (id_cotizacion)`);
    await q.query(`CREATE INDEX cotizacion_detalles_producto_idx ON cotizacion_detalles (id_producto)`);
    await q.query(`
      CREATE TABLE cotizacion_cuotas (
        id serial PRIMARY KEY,
        id_cotizacion integer NOT NULL REFERENCES cotizaciones(id_cotizacion) ON DELETE CASCADE,
        tipo varchar(7) NOT NULL CHECK (tipo IN ('inicial', 'cuota')),
        monto numeric(16,2) NOT NULL CHECK (monto > 0),
        fecha_vencimiento date NOT NULL
      )`);
    await q.query(`CREATE INDEX cotizacion_cuotas_cotizacion_idx ON cotizacion_cuotas (id_cotizacion)`);
    // The listing: one row per quotation with the name to show (the client's, or the free text).
    await q.query(`
      CREATE VIEW v_cotizaciones AS
      SELECT q.id_cotizacion, q.id_empresa, q.numero, to_char(q.fecha, 'YYYY-MM-DD') AS fecha, q.id_cliente,
             c.documento AS cliente_documento,
             COALESCE(c.datos, q.cliente_nombre) AS cliente_datos,
             q.moneda, q.tipo_cambio, q.aplicar_igv, q.descuento, q.monto_bruto, q.subtotal, q.igv, q.total,
             q.asunto, q.estado, q.id_usuario, u.name AS usuario, q.created_at, q.updated_at
      FROM cotizaciones q
      LEFT JOIN clientes c ON c.id_cliente = q.id_cliente
      LEFT JOIN users u ON u.id = q.id_usuario`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS v_cotizaciones`);
    for (const table of ['cotizacion_cuotas', 'cotizacion_detalles', 'cotizaciones']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DELETE FROM series WHERE tipo_documento = 'CT' AND serie = 'COT'`);
  }
}
