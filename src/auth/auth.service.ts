import { HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { ADMIN_ROLE_ID, AuthContext } from '@/common/context/request-context';
import { forbidden, invalidField } from '@/common/errors/http-errors';
import { frase, MSG } from '@/common/errors/messages';
import { EmpresasService } from '@/empresas/empresas.service';
import { PermissionsService } from '@/permissions/permissions.service';
import { UsuariosService } from '@/usuarios/usuarios.service';
import { LoginThrottleService } from './login-throttle.service';
import { TokensService } from './tokens.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly usuarios: UsuariosService,
    private readonly empresas: EmpresasService,
    private readonly permissions: PermissionsService,
    private readonly tokens: TokensService,
    private readonly throttle: LoginThrottleService,
  ) {}

  async login(user: string, password: string, ip: string) {
    // The address first: a flood of names is refused before any of them is looked up.
    const address = await this.throttle.takeAddress(ip);
    const found = await this.usuarios.findByLogin(user);
    // The login name and the e-mail of one account count against the same key.
    const tickets = await this.throttle.takeAccount(address, ip, found ? found.id : user);
    let valid: boolean;
    try {
      valid = await this.usuarios.checkPassword(found, password);
    } catch (e) {
      await this.throttle.unused(tickets);
      throw e;
    }
    if (!valid || !found) {
      await this.throttle.failed(!!found);
      throw new UnauthorizedException({ success: false, message: MSG.credencialesIncorrectas });
    }
    const empresa = await this.empresas.findById(found.id_empresa);
    if (found.estado !== '1' || !empresa || empresa.estado !== '1') {
      throw new HttpException({ success: false, message: MSG.usuarioInactivo }, HttpStatus.FORBIDDEN);
    }
    await this.throttle.succeeded(tickets);
    const isAdmin = found.rol_id === ADMIN_ROLE_ID;
    const { token, expiresAt } = await this.tokens.issue(found.id, found.id_empresa);
    const empresas = isAdmin ? await this.empresas.findActive() : [empresa];
    const permissions = isAdmin ? await this.permissions.allNames() : await this.permissions.namesForRole(found.rol_id);
    return {
      success: true,
      token,
      expires_at: expiresAt.toISOString(),
      user: { id: found.id, name: found.name, email: found.email, rol_id: found.rol_id, id_empresa: found.id_empresa },
      empresas: empresas.map((e) => ({
        id_empresa: e.id_empresa,
        comercial: e.comercial,
        ruc: e.ruc,
        razon_social: e.razon_social,
        logo: e.logo,
        direccion: e.direccion,
      })),
      permissions,
    };
  }

  async refresh(auth: AuthContext) {
    const { token, expiresAt } = await this.tokens.refresh(auth.tokenId, auth.userId, auth.empresaId);
    return { success: true, token, expires_at: expiresAt.toISOString() };
  }

  /**
   * The caller changes its own password: the current one is checked (attempts count against the login
   * throttle of the account), the new one follows the password rules, and every other token of the user
   * is revoked; the token making the request stays valid.
   */
  async changePassword(auth: AuthContext, current: string, password: string, ip: string) {
    const user = await this.usuarios.findById(auth.userId);
    if (!user) throw new UnauthorizedException({ success: false, message: MSG.noAutenticado });
    const key = this.throttle.key(ip, user.id);
    await this.throttle.attempt(key);
    if (!(await this.usuarios.checkPassword(user, current))) {
      throw invalidField('password_actual', 'La contraseña actual no es correcta.');
    }
    await this.usuarios.setPassword(user.id, password, auth.tokenId);
    await this.throttle.clear(key);
    return { success: true, message: 'Contraseña actualizada. Las demás sesiones se cerraron.' };
  }

  async logout(auth: AuthContext) {
    await this.tokens.revoke(auth.tokenId);
    return { success: true, message: 'Sesión cerrada.' };
  }

  async switchEmpresa(auth: AuthContext, idEmpresa: number) {
    if (!auth.isAdmin) throw forbidden();
    const empresa = await this.empresas.findById(idEmpresa);
    if (!empresa || empresa.estado !== '1') throw invalidField('id_empresa', 'La empresa no existe o está inactiva.');
    await this.tokens.setEmpresaActiva(auth.tokenId, idEmpresa);
    return { success: true, message: frase(`Empresa cambiada a ${empresa.razon_social}`), id_empresa: idEmpresa };
  }
}
