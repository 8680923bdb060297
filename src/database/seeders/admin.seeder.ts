import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { appConfig, AppConfig } from '@/config/app.config';
import { EmpresasService } from '@/empresas/empresas.service';
import { passwordProblem } from '@/usuarios/password-policy';
import { UsuariosService } from '@/usuarios/usuarios.service';

/**
 * Seeds the administrator (ADMIN_USER / ADMIN_PASSWORD) into the first company at boot. Permissions,
 * role 1 and the demo company come from the migration. In production a missing ADMIN_PASSWORD stops the
 * boot when the administrator does not exist yet, so no installation ever runs with a known password.
 */
@Injectable()
export class AdminSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminSeeder');

  constructor(
    private readonly usuarios: UsuariosService,
    private readonly empresas: EmpresasService,
    @Inject(appConfig.KEY) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const [empresa] = await this.empresas.findActive();
    if (!empresa) return;
    if (!this.config.adminPassword) {
      if (await this.usuarios.existsByUsuario(this.config.adminUser)) return;
      throw new Error('ADMIN_PASSWORD es obligatorio en producción para crear el administrador inicial.');
    }
    // The first administrator follows the same password rules as every other user.
    const problem = passwordProblem(this.config.adminPassword, 'ADMIN_PASSWORD');
    if (problem && !(await this.usuarios.existsByUsuario(this.config.adminUser))) throw new Error(problem);
    if (await this.usuarios.ensureAdmin(this.config.adminUser, this.config.adminPassword, empresa.id_empresa)) {
      this.logger.log(`Administrador '${this.config.adminUser}' creado`);
    }
  }
}
