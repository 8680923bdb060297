import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ReplacePermissionsDto } from './dto/permissions.dto';
import { isPermissionName, PERMISSIONS } from './permission-names';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

const MIGRATIONS = join(__dirname, '..', '..', 'migrations');

/** Runs every migration that touches the permissions table against a recording QueryRunner. */
async function namesSeededByMigrations(): Promise<string[]> {
  const names: string[] = [];
  const q = {
    query: (sql: string, params?: unknown[]) => {
      const insert = /INSERT INTO permissions\s*\(name\b/i.test(sql);
      if (insert) names.push(String(params?.[0]));
      if (/DELETE FROM permissions\b|UPDATE permissions\b/i.test(sql)) {
        throw new Error(`a migration changes permissions in a way this spec does not follow: ${sql}`);
      }
      return Promise.resolve([]);
    },
  } as unknown as QueryRunner;
  const files = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  for (const file of files) {
    if (!/\bpermissions\b/.test(readFileSync(join(MIGRATIONS, file), 'utf8'))) continue;
    // jest runs CommonJS here: import() would need --experimental-vm-modules
    const mod = require(join(MIGRATIONS, file)) as Record<string, new () => MigrationInterface>;
    for (const Migration of Object.values(mod)) await new Migration().up(q);
  }
  return names;
}

describe('PERMISSIONS', () => {
  it('is exactly the list the migrations seed, in their order', async () => {
    const seeded = await namesSeededByMigrations();
    expect(seeded).toHaveLength(36);
    expect([...PERMISSIONS]).toEqual(seeded);
  });

  it('has unique <module>.<action> names', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const name of PERMISSIONS) expect(name).toMatch(/^[a-z_]+\.(view|create|edit|delete)$/);
  });

  it('recognises its names and nothing else', () => {
    expect(isPermissionName('ventas.view')).toBe(true);
    expect(isPermissionName('ventas.veiw')).toBe(false);
    expect(isPermissionName(7)).toBe(false);
  });

  it('types @RequirePermission: a misspelt name does not compile', () => {
    expect(RequirePermission('cotizaciones.view')).toBeInstanceOf(Function);
    // @ts-expect-error 'cotizacion.view' is not a permission name (tsc fails if this line type-checks)
    expect(RequirePermission('cotizacion.view')).toBeInstanceOf(Function);
  });

  it('ReplacePermissionsDto refuses names outside the list, naming them', () => {
    const ok = validateSync(plainToInstance(ReplacePermissionsDto, { permissions: ['ventas.view', 'reportes.delete'] }));
    expect(ok).toEqual([]);
    const [error] = validateSync(plainToInstance(ReplacePermissionsDto, { permissions: ['ventas.view', 'inventado.view', 'ventas'] }));
    expect(error.property).toBe('permissions');
    expect(Object.values(error.constraints ?? {})).toEqual(['Permisos desconocidos: inventado.view, ventas']);
  });
});
