import { Proveedor } from './entities/proveedor.entity';
import { ProveedorResponse } from './dto/proveedor.dto';

export function toProveedorResponse(p: Proveedor): ProveedorResponse {
  return {
    id_proveedor: p.id_proveedor,
    id_empresa: p.id_empresa,
    ruc: p.ruc,
    razon_social: p.razon_social,
    direccion: p.direccion,
    email: p.email,
    telefono: p.telefono,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}
