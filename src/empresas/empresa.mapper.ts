import { Empresa } from './entities/empresa.entity';
import { EmpresaResponse } from './dto/empresa.dto';

/** clave_sol, the SMTP URL and the certificate key never leave: only whether they are set. */
export function toEmpresaResponse(e: Empresa): EmpresaResponse {
  return {
    id_empresa: e.id_empresa,
    ruc: e.ruc,
    razon_social: e.razon_social,
    comercial: e.comercial,
    direccion: e.direccion,
    email: e.email,
    telefono: e.telefono,
    user_sol: e.user_sol,
    tiene_clave_sol: !!e.clave_sol_cifrada,
    logo: e.logo,
    ubigeo: e.ubigeo,
    distrito: e.distrito,
    provincia: e.provincia,
    departamento: e.departamento,
    leyenda_pie: e.leyenda_pie,
    envio_automatico: e.envio_automatico,
    resumen_automatico: e.resumen_automatico,
    tiene_smtp: !!e.smtp_url_cifrada,
    correo_remitente: e.correo_remitente,
    correo_automatico: e.correo_automatico,
    igv: e.igv,
    estado: e.estado,
    modo: e.modo,
    certificado: e.certificado_info,
  };
}
