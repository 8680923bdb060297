import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as bcrypt from 'bcryptjs';
import { Repository } from 'typeorm';
import { ADMIN_ROLE_ID, AuthContext } from '@/common/context/request-context';
import { assertSameEmpresa, conflict, forbidden, invalidField } from '@/common/errors/http-errors';
import { User } from './entities/user.entity';
import { CreateUsuarioDto, UpdateUsuarioDto } from './dto/usuario.dto';

const BCRYPT_ROUNDS = Number(process.env.BCRYPT_ROUNDS ?? 10);
let dummy: string | undefined;
const dummyHash = () => (dummy ??= bcrypt.hashSync('not-a-password', BCRYPT_ROUNDS));

@Injectable()
export class UsuariosService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: number): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  /** Matches the login name or the email; null for an unknown user or a wrong password. */
  async verifyCredentials(login: string, password: string): Promise<User | null> {
    const user = await this.users
      .createQueryBuilder('u')
      .where('lower(u.usuario) = lower(:login) OR lower(u.email) = lower(:login)', { login: login.trim() })
      .getOne();
    if (!user) {
      // Same cost as a real check so response time does not reveal which logins exist.
      await bcrypt.compare(password, dummyHash());
      return null;
    }
    return (await bcrypt.compare(password, user.password)) ? user : null;
  }

  hashPassword(password: string): Promise<string> {
    return bcrypt.hash(password, BCRYPT_ROUNDS);
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
    this.assertMayAssignRole(auth, dto.rol_id);
    const empresaId = auth.isAdmin && dto.id_empresa ? dto.id_empresa : auth.empresaId;
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

  async update(auth: AuthContext, id: number, dto: UpdateUsuarioDto): Promise<User> {
    const user = await this.get(auth, id);
    if (!auth.isAdmin && user.rol_id === ADMIN_ROLE_ID) throw forbidden();
    if (dto.rol_id !== undefined) this.assertMayAssignRole(auth, dto.rol_id);
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
      await this.users.update({ id }, changes);
    } catch (e) {
      throw translateFkError(e);
    }
    return (await this.findById(id))!;
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const user = await this.get(auth, id);
    if (user.id === auth.userId) throw conflict('No puede eliminar su propio usuario.');
    if (!auth.isAdmin && user.rol_id === ADMIN_ROLE_ID) throw forbidden();
    await this.users.delete({ id });
  }

  /** Idempotent: creates the administrator once; an existing one (and its password) is left alone. */
  existsByUsuario(usuario: string): Promise<boolean> {
    return this.users.createQueryBuilder('u').where('lower(u.usuario) = lower(:usuario)', { usuario }).getExists();
  }

  async ensureAdmin(usuario: string, password: string, empresaId: number): Promise<boolean> {
    if (await this.existsByUsuario(usuario)) return false;
    await this.users.save(
      this.users.create({
        usuario,
        name: 'Administrador',
        email: `${usuario.toLowerCase()}@localhost`,
        password: await this.hashPassword(password),
        rol_id: ADMIN_ROLE_ID,
        id_empresa: empresaId,
      }),
    );
    return true;
  }

  countByRole(rolId: number): Promise<number> {
    return this.users.count({ where: { rol_id: rolId } });
  }

  /** A non-administrator must not be able to mint administrators. */
  private assertMayAssignRole(auth: AuthContext, rolId: number): void {
    if (!auth.isAdmin && rolId === ADMIN_ROLE_ID) throw forbidden();
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
