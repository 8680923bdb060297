import { Injectable } from '@nestjs/common';
import { notFound } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { EmpresasService } from '@/empresas/empresas.service';
import { EmisorImpreso } from '../pdf/printable';

/** The issuer block of every PDF: company data, the RUC SUNAT knows it by, and its logo. */
@Injectable()
export class EmisorImpresoService {
  constructor(
    private readonly empresas: EmpresasService,
    private readonly emisores: EmisorService,
  ) {}

  async forEmpresa(empresaId: number, withLogo = true): Promise<EmisorImpreso> {
    const empresa = await this.empresas.findById(empresaId);
    if (!empresa) throw notFound('Empresa');
    const emisor = this.emisores.of(empresa);
    const ubicacion = [empresa.distrito, empresa.provincia, empresa.departamento].filter(Boolean).join(' - ');
    return {
      ruc: emisor.ruc,
      razon_social: empresa.razon_social,
      comercial: empresa.comercial,
      direccion: empresa.direccion,
      ubicacion: ubicacion || null,
      telefono: empresa.telefono,
      email: empresa.email,
      leyenda_pie: empresa.leyenda_pie,
      logo: withLogo ? await this.empresas.readLogo(empresa).catch(() => null) : null,
    };
  }
}
