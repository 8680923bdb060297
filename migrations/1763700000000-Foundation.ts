import { MigrationInterface, QueryRunner } from 'typeorm';

const MODULES: Array<[string, string]> = [
  ['ventas', 'Ventas'],
  ['productos', 'Productos'],
  ['clientes', 'Clientes'],
  ['proveedores', 'Proveedores'],
  ['compras', 'Compras'],
  ['cotizaciones', 'Cotizaciones'],
  ['empresas', 'Empresas'],
  ['usuarios', 'Usuarios'],
  ['reportes', 'Reportes'],
];
const ACTIONS: Array<[string, string]> = [
  ['view', 'Ver'],
  ['create', 'Crear'],
  ['edit', 'Editar'],
  ['delete', 'Eliminar'],
];
const DEFAULT_SERIES: Array<[string, string]> = [
  ['01', 'F001'],
  ['03', 'B001'],
  ['07', 'FC01'],
  ['07', 'BC01'],
  ['08', 'FD01'],
  ['08', 'BD01'],
  ['09', 'T001'],
];

export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE empresas (
        id_empresa serial PRIMARY KEY,
        ruc varchar(11) NOT NULL UNIQUE,
        razon_social varchar(255) NOT NULL,
        comercial varchar(255),
        direccion varchar(500),
        email varchar(255),
        telefono varchar(50),
        user_sol varchar(50),
        clave_sol_cifrada text,
        logo varchar(255),
        ubigeo varchar(6),
        distrito varchar(100),
        provincia varchar(100),
        departamento varchar(100),
        igv numeric(5,2) NOT NULL DEFAULT 18.00,
        estado char(1) NOT NULL DEFAULT '1',
        modo varchar(20) NOT NULL DEFAULT 'beta',
        certificado_cifrado text,
        certificado_info jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE roles (
        rol_id serial PRIMARY KEY,
        nombre varchar(100) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE permissions (
        permission_id serial PRIMARY KEY,
        name varchar(100) NOT NULL UNIQUE,
        display_name varchar(150) NOT NULL,
        module varchar(50) NOT NULL,
        action varchar(20) NOT NULL,
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE role_permission (
        id serial PRIMARY KEY,
        rol_id integer NOT NULL REFERENCES roles(rol_id) ON DELETE CASCADE,
        permission_id integer NOT NULL REFERENCES permissions(permission_id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT role_permission_unique UNIQUE (rol_id, permission_id)
      )`);
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        usuario varchar(100) NOT NULL UNIQUE,
        name varchar(255) NOT NULL,
        email varchar(255) NOT NULL UNIQUE,
        password varchar(255) NOT NULL,
        rol_id integer NOT NULL REFERENCES roles(rol_id),
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        estado char(1) NOT NULL DEFAULT '1',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_empresa_idx ON users (id_empresa)`);
    await q.query(`
      CREATE TABLE personal_access_tokens (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        id_empresa_activa integer NOT NULL REFERENCES empresas(id_empresa),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX personal_access_tokens_user_idx ON personal_access_tokens (user_id)`);
    await q.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        clave varchar(300) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_failures_clave_idx ON login_failures (clave, created_at)`);
    await q.query(`
      CREATE TABLE series (
        id serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa) ON DELETE CASCADE,
        tipo_documento varchar(2) NOT NULL,
        serie varchar(4) NOT NULL,
        correlativo integer NOT NULL DEFAULT 0 CHECK (correlativo >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT series_unique UNIQUE (id_empresa, tipo_documento, serie)
      )`);

    for (const [module, moduleLabel] of MODULES) {
      for (const [action, actionLabel] of ACTIONS) {
        await q.query(`INSERT INTO permissions (name, display_name, module, action, description) VALUES ($1, $2, $3, $4, $5)`, [
          `${module}.${action}`,
          `${actionLabel} ${moduleLabel}`,
          module,
          action,
          `Permiso para ${actionLabel} en el módulo de ${moduleLabel}`,
        ]);
      }
    }
    await q.query(`INSERT INTO roles (rol_id, nombre) VALUES (1, 'Administrador')`);
    await q.query(`SELECT setval(pg_get_serial_sequence('roles', 'rol_id'), 1)`);
    await q.query(`INSERT INTO role_permission (rol_id, permission_id) SELECT 1, permission_id FROM permissions`);
    await q.query(`
      INSERT INTO empresas (ruc, razon_social, comercial, direccion, email, ubigeo, distrito, provincia, departamento, igv, estado, modo, user_sol)
      VALUES ('20000000001', 'EMPRESA DEMO S.A.C.', 'DEMO', 'AV. LOS PRÓCERES 123', 'demo@example.com', '150101', 'LIMA', 'LIMA', 'LIMA', 18.00, '1', 'beta', 'MODDATOS')`);
    for (const [tipo, serie] of DEFAULT_SERIES) {
      await q.query(`INSERT INTO series (id_empresa, tipo_documento, serie) SELECT id_empresa, $1, $2 FROM empresas WHERE ruc = '20000000001'`, [tipo, serie]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['series', 'login_failures', 'personal_access_tokens', 'users', 'role_permission', 'permissions', 'roles', 'empresas']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
