import { AppConfig } from '@/config/app.config';
import { EmpresasService } from '@/empresas/empresas.service';
import { UsuariosService } from '@/usuarios/usuarios.service';
import { AdminSeeder } from './admin.seeder';

/** Plain stand-ins for the two services: the seeder's decision is what is under test here. */
function seeder(adminPassword: string | undefined, existing: boolean) {
  const created: Array<[string, string, number]> = [];
  const usuarios = {
    existsByUsuario: async () => existing,
    ensureAdmin: async (u: string, p: string, e: number) => (existing ? false : (created.push([u, p, e]), true)),
  } as unknown as UsuariosService;
  const empresas = { findActive: async () => [{ id_empresa: 7 }] } as unknown as EmpresasService;
  const config = { adminUser: 'admin', adminPassword } as AppConfig;
  return { run: () => new AdminSeeder(usuarios, empresas, config).onApplicationBootstrap(), created };
}

describe('AdminSeeder', () => {
  it('creates the administrator in the first active company with the configured password', async () => {
    const s = seeder('secreto-largo-123', false);
    await s.run();
    expect(s.created).toEqual([['admin', 'secreto-largo-123', 7]]);
  });

  it('refuses to boot without ADMIN_PASSWORD when there is no administrator yet (production)', async () => {
    await expect(seeder(undefined, false).run()).rejects.toThrow('ADMIN_PASSWORD es obligatorio');
  });

  it('boots without ADMIN_PASSWORD once the administrator exists, and never overwrites it', async () => {
    await expect(seeder(undefined, true).run()).resolves.toBeUndefined();
    const s = seeder('otra', true);
    await s.run();
    expect(s.created).toEqual([]);
  });

  it('refuses a first administrator whose ADMIN_PASSWORD breaks the password rules', async () => {
    const short = seeder('corta', false);
    await expect(short.run()).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(short.created).toEqual([]);
    await expect(seeder('password123', false).run()).rejects.toThrow(/ADMIN_PASSWORD/);
  });
});
