import { Cliente } from './entities/cliente.entity';
import { ClienteResponse } from './dto/cliente.dto';

export function toClienteResponse(c: Cliente): ClienteResponse {
  return {
    id_cliente: c.id_cliente,
    id_empresa: c.id_empresa,
    tipo_doc: c.tipo_doc,
    documento: c.documento,
    datos: c.datos,
    direccion: c.direccion,
    email: c.email,
    telefono: c.telefono,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}
