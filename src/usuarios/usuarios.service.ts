import { Injectable } from '@nestjs/common';
import { forgetAllPrincipals } from '@/auth/principal-cache';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { revokeUserTokens } from '@/auth/token-revocation';
import { ADMIN_ROLE_ID, AuthContext } from '@/common/context/request-context';
import { assertSameEmpresa, conflict, forbidden, invalidField } from '@/common/errors/http-errors';
import { PermissionsService } from '@/permissions/permissions.service';
import { RolesService } from '@/permissions/roles.service';
import { User } from './entities/user.entity';
import { CreateUsuarioDto, UpdateUsuarioDto } from './dto/usuario.dto';
import { PasswordHasher } from './password-hasher';

@Injectable()
export class UsuariosService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly roles: RolesService,
    private readonly permissions: PermissionsService,
    private readonly hasher: PasswordHasher,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  /** The account whose login name or e-mail is `login` (case-insensitive), or null. */
  findByLogin(login: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.usuario) = lower(:login) OR lower(u.email) = lower(:login)', { login: login.trim() }).getOne();
  }

  /** bcrypt check off the event loop; for no user it spends the same time on a dummy hash so timing does not reveal which logins exist. */
  checkPassword(user: User | null, password: string): Promise<boolean> {
    if (!user) return this.hasher.compareWithNothing(password);
    return this.hasher.compare(password, user.password);
  }

  /** Sets a new password (already validated) and revokes the user's other tokens in the same transaction. */
  async setPassword(userId: number, password: string, keepTokenId?: string): Promise<void> {
    const hash = await this.hashPassword(password);
    await this.users.manager.transaction(async (manager) => {
      await manager.update(User, { id: userId }, { password: hash });
      await revokeUserTokens(manager, userId, keepTokenId);
    });
    forgetAllPrincipals();
  }

  hashPassword(password: string): Promise<string> {
    return this.hasher.hash(password);
  }

  list(empresaId: number): Promise<User[]> {
    return this.users.find({ where: { id_empresa: empresaId }, order: { id: 'ASC' } });
  }

  /** Administrators manage the users of every company; anyone else only those of its own. */
  async get(auth: AuthContext, id: number): Promise<User> {
    const user = await this.findById(id);
    if (auth.isAdmin && user) return user;
    return assertSameEmpresa(user, auth.empresaId, 'Usuario');
  }

  async create(auth: AuthContext, dto: CreateUsuarioDto): Promise<User> {
    const empresaId = auth.isAdmin && dto.id_empresa ? dto.id_empresa : auth.empresaId;
    await this.assertMayAssignRole(auth, dto.rol_id, empresaId);
    await this.assertUnique(dto.usuario, dto.email);
    try {
      return await this.users.save(
        this.users.create({
          usuario: dto.usuario,
          name: dto.name,
          email: dto.email.toLowerCase(),
          password: await this.hashPassword(dto.password),
          rol_id: dto.rol_id,
          id_empresa: empresaId,
          estado: dto.estado ?? '1',
        }),
      );
    } catch (e) {
      throw translateFkError(e);
    }
  }

  /**
   * A non-administrator edits (or resets the password of) only users whose permissions it holds itself.
   * A new password revokes the user's tokens, except the one making the request when it is the user's own.
   */
  async update(auth: AuthContext, id: number, dto: UpdateUsuarioDto): Promise<User> {
    const user = await this.get(auth, id);
    await this.assertMayManage(auth, user);
    const empresaId = auth.isAdmin && dto.id_empresa !== undefined ? dto.id_empresa : user.id_empresa;
    if (dto.rol_id !== undefined || empresaId !== user.id_empresa) {
      await this.assertMayAssignRole(auth, dto.rol_id ?? user.rol_id, empresaId);
    }
    await this.assertUnique(dto.usuario, dto.email, id);
    const changes: Partial<User> = {
      usuario: dto.usuario,
      name: dto.name,
      email: dto.email?.toLowerCase(),
      rol_id: dto.rol_id,
      estado: dto.estado,
      id_empresa: auth.isAdmin ? dto.id_empresa : undefined,
      password: dto.password ? await this.hashPassword(dto.password) : undefined,
    };
    Object.keys(changes).forEach((k) => changes[k as keyof User] === undefined && delete changes[k as keyof User]);
    try {
      await this.users.manager.transaction(async (manager) => {
        if (Object.keys(changes).length) await manager.update(User, { id }, changes);
        if (dto.password) await revokeUserTokens(manager, id, id === auth.userId ? auth.tokenId : undefined);
      });
    } catch (e) {
      throw translateFkError(e);
    } finally {
      forgetAllPrincipals(); // role, company, state or password may have changed
    }
    return (await this.findById(id))!;
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const user = await this.get(auth, id);
    if (user.id === auth.userId) throw conflict('No puede eliminar su propio usuario.');
    await this.assertMayManage(auth, user);
    await this.users.delete({ id });
    forgetAllPrincipals();
  }

  /** Idempotent: creates the administrator once; an existing one (and its password) is left alone. */
  existsByUsuario(usuario: string): Promise<boolean> {
    return this.users.createQueryBuilder('u').where('lower(u.usuario) = lower(:usuario)', { usuario }).getExists();
  }

  async ensureAdmin(usuario: string, password: string, empresaId: number): Promise<boolean> {
    if (await this.existsByUsuario(usuario)) return false;
    // ON CONFLICT DO NOTHING: another process of the cluster may seed it between the check and the insert
    const inserted = await this.users
      .createQueryBuilder()
      .insert()
      .into(User)
      .values({
        usuario,
        name: 'Administrador',
        email: `${usuario.toLowerCase()}@localhost`,
        password: await this.hashPassword(password),
        rol_id: ADMIN_ROLE_ID,
        id_empresa: empresaId,
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (inserted.raw as unknown[]).length > 0;
  }

  /**
   * Who may give `rolId` to a user of `empresaId`: the role must exist and be global or of that company;
   * a non-administrator never gives role 1 nor a role with a permission it lacks itself (403).
   */
  private async assertMayAssignRole(auth: AuthContext, rolId: number, empresaId: number): Promise<void> {
    if (!auth.isAdmin && rolId === ADMIN_ROLE_ID) throw forbidden();
    const role = await this.roles.findById(rolId);
    if (!role) throw invalidField('rol_id', 'El rol no existe.');
    if (role.id_empresa !== null && role.id_empresa !== empresaId) throw invalidField('rol_id', 'El rol pertenece a otra empresa.');
    if (!auth.isAdmin) await this.assertHoldsPermissionsOf(auth, rolId);
  }

  /** A non-administrator acts only on users that have no permission it lacks (administrators never). */
  private async assertMayManage(auth: AuthContext, target: User): Promise<void> {
    if (auth.isAdmin) return;
    if (target.rol_id === ADMIN_ROLE_ID) throw forbidden();
    await this.assertHoldsPermissionsOf(auth, target.rol_id);
  }

  private async assertHoldsPermissionsOf(auth: AuthContext, rolId: number): Promise<void> {
    const names = await this.permissions.namesForRole(rolId);
    if (names.some((name) => !auth.permissions.includes(name))) throw forbidden();
  }

  private async assertUnique(usuario?: string, email?: string, exceptId?: number): Promise<void> {
    if (usuario) {
      const taken = await this.users.createQueryBuilder('u').where('lower(u.usuario) = lower(:usuario)', { usuario }).getOne();
      if (taken && taken.id !== exceptId) throw invalidField('usuario', 'El usuario ya existe.');
    }
    if (email) {
      const taken = await this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
      if (taken && taken.id !== exceptId) throw invalidField('email', 'El email ya está registrado.');
    }
  }
}

function translateFkError(e: unknown): unknown {
  const err = e as { code?: string; detail?: string };
  if (err.code === '23503') {
    const field = err.detail?.includes('rol_id') ? 'rol_id' : 'id_empresa';
    return invalidField(field, field === 'rol_id' ? 'El rol no existe.' : 'La empresa no existe.');
  }
  return e;
}
