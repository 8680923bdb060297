/**
 * The permission names of the installation: one source of truth. The Foundation migration seeds exactly
 * these (permission-names.spec.ts checks it), `@RequirePermission` accepts only these (a typo fails `tsc`),
 * and `PUT /api/permissions/role/{rolId}` refuses any other name (422 naming it).
 * Adding one means a migration that inserts it and a line here; the spec fails until both agree.
 */
export const PERMISSIONS = [
  'ventas.view',
  'ventas.create',
  'ventas.edit',
  'ventas.delete',
  'productos.view',
  'productos.create',
  'productos.edit',
  'productos.delete',
  'clientes.view',
  'clientes.create',
  'clientes.edit',
  'clientes.delete',
  'proveedores.view',
  'proveedores.create',
  'proveedores.edit',
  'proveedores.delete',
  'compras.view',
  'compras.create',
  'compras.edit',
  'compras.delete',
  'cotizaciones.view',
  'cotizaciones.create',
  'cotizaciones.edit',
  'cotizaciones.delete',
  'empresas.view',
  'empresas.create',
  'empresas.edit',
  'empresas.delete',
  'usuarios.view',
  'usuarios.create',
  'usuarios.edit',
  'usuarios.delete',
  'reportes.view',
  'reportes.create',
  'reportes.edit',
  'reportes.delete',
] as const;

export type PermissionName = (typeof PERMISSIONS)[number];

const NAMES: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermissionName(value: unknown): value is PermissionName {
  return typeof value === 'string' && NAMES.has(value);
}
