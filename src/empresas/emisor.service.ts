import { Inject, Injectable } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { sunatConfig } from '@/config/sunat.config';
import { notFound } from '@/common/errors/http-errors';
import { Company } from '@/sunat/documents/common';
import { SunatContext } from '@/sunat/gateway/credentials';
import { SigningCredentials } from '@/sunat/signing/signing-credentials';
import { CertificadoService } from './certificado.service';
import { Empresa } from './entities/empresa.entity';
import { EmpresasService } from './empresas.service';

/** Everything a document module needs about the issuing company, in SUNAT's terms. */
export interface Emisor {
  empresaId: number;
  /** RUC written in XML and file names: SUNAT's test RUC in beta mode. */
  ruc: string;
  beta: boolean;
  /** The company's documents are queued for SUNAT as they are created. */
  envioAutomatico: boolean;
  /** Tax rate as a ratio string ('0.18'). */
  igvRate: string;
  /** Tax rate as a percentage string ('18.00'). */
  igvPercent: string;
  company: Company;
  credentials(): Promise<SigningCredentials>;
  context(): SunatContext;
}

@Injectable()
export class EmisorService {
  constructor(
    private readonly empresas: EmpresasService,
    private readonly certificados: CertificadoService,
    @Inject(sunatConfig.KEY) private readonly config: ConfigType<typeof sunatConfig>,
  ) {}

  async forEmpresa(empresaId: number): Promise<Emisor> {
    const empresa = await this.empresas.findById(empresaId);
    if (!empresa) throw notFound('Empresa');
    return this.of(empresa);
  }

  of(empresa: Empresa): Emisor {
    const beta = empresa.modo === 'beta';
    const ruc = beta ? this.config.betaRuc : empresa.ruc;
    // SPEC.md: the company igv, or the configured default when it is empty.
    const percent = empresa.igv === null || empresa.igv === undefined ? Number(this.config.igvDefault) : Number(empresa.igv);
    return {
      empresaId: empresa.id_empresa,
      ruc,
      beta,
      envioAutomatico: empresa.envio_automatico,
      igvRate: (percent / 100).toFixed(4).replace(/0+$/, '').replace(/\.$/, ''),
      igvPercent: percent.toFixed(2),
      company: {
        ruc,
        razon_social: empresa.razon_social,
        comercial: empresa.comercial ?? undefined,
        direccion: empresa.direccion ?? '-',
        ubigeo: empresa.ubigeo ?? '150101',
        distrito: empresa.distrito ?? 'LIMA',
        provincia: empresa.provincia ?? 'LIMA',
        departamento: empresa.departamento ?? 'LIMA',
        codigo_local: '0000',
      },
      credentials: () => this.certificados.credentials(empresa),
      context: () => this.context(empresa, ruc, beta),
    };
  }

  private context(empresa: Empresa, ruc: string, beta: boolean): SunatContext {
    const gre =
      this.config.greClientId && this.config.greClientSecret ? { clientId: this.config.greClientId, clientSecret: this.config.greClientSecret } : undefined;
    if (beta) return { modo: 'beta', sol: { ruc, usuario: this.config.betaUser, clave: this.config.betaPassword }, gre };
    return { modo: 'produccion', sol: { ruc, usuario: empresa.user_sol ?? '', clave: this.empresas.claveSol(empresa) ?? '' }, gre };
  }
}
