import { User } from './entities/user.entity';
import { UsuarioResponse } from './dto/usuario.dto';

/** The password hash is never part of a response. */
export function toUsuarioResponse(u: User): UsuarioResponse {
  return { id: u.id, usuario: u.usuario, name: u.name, email: u.email, rol_id: u.rol_id, id_empresa: u.id_empresa, estado: u.estado };
}
