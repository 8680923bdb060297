import { Inject, Injectable } from '@nestjs/common';
import { forgetAllPrincipals } from '@/auth/principal-cache';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { appConfig, AppConfig } from '@/config/app.config';
import { storageConfig, StorageConfig } from '@/config/storage.config';
import { AuthContext } from '@/common/context/request-context';
import { forbidden, invalidField, notFound } from '@/common/errors/http-errors';
import { SeriesService } from '@/series/series.service';
import { DocumentStorage } from '@/sunat/storage/document-storage';
import { decryptSecret, encryptSecret } from '@/sunat/signing/secret-encryption';
import { Empresa } from './entities/empresa.entity';
import { CreateEmpresaDto, UpdateEmpresaDto } from './dto/empresa.dto';
import { logoExtension, normalizeLogo } from './logo-file';

export interface UploadedLogo {
  buffer: Buffer;
  size: number;
}

@Injectable()
export class EmpresasService {
  constructor(
    @InjectRepository(Empresa) private readonly empresas: Repository<Empresa>,
    private readonly dataSource: DataSource,
    private readonly series: SeriesService,
    private readonly storage: DocumentStorage,
    @Inject(appConfig.KEY) private readonly app: AppConfig,
    @Inject(storageConfig.KEY) private readonly storageCfg: StorageConfig,
  ) {}

  /** Pass a manager to read inside a transaction. */
  findById(id: number, manager?: EntityManager): Promise<Empresa | null> {
    return (manager?.getRepository(Empresa) ?? this.empresas).findOne({ where: { id_empresa: id } });
  }

  findActive(): Promise<Empresa[]> {
    return this.empresas.find({ where: { estado: '1' }, order: { id_empresa: 'ASC' } });
  }

  /** Administrators see every company; anyone else only their own. */
  list(auth: AuthContext): Promise<Empresa[]> {
    if (auth.isAdmin) return this.empresas.find({ order: { id_empresa: 'ASC' } });
    return this.empresas.find({ where: { id_empresa: auth.empresaId } });
  }

  async get(auth: AuthContext, id: number): Promise<Empresa> {
    const empresa = await this.findById(id);
    if (!empresa) throw notFound('Empresa');
    if (!auth.isAdmin && empresa.id_empresa !== auth.empresaId) throw forbidden();
    return empresa;
  }

  /** A new company with its default series, in one transaction. Administrators only. */
  async create(auth: AuthContext, dto: CreateEmpresaDto): Promise<Empresa> {
    if (!auth.isAdmin) throw forbidden();
    if (await this.empresas.findOne({ where: { ruc: dto.ruc } })) throw invalidField('ruc', 'Ya existe una empresa con ese RUC.');
    return this.dataSource.transaction(async (manager) => {
      const { clave_sol, smtp_url, ...fields } = dto;
      assertCorreoCompleto({ ...fields, smtp_url_cifrada: smtp_url ?? null, email: fields.email ?? null, correo_remitente: fields.correo_remitente ?? null });
      const empresa = await manager.save(
        manager.create(Empresa, { ...fields, igv: fields.igv ?? Number(this.app.defaultIgvRate), modo: fields.modo ?? 'beta', estado: fields.estado ?? '1' }),
      );
      if (clave_sol || smtp_url) {
        if (clave_sol) empresa.clave_sol_cifrada = this.encryptClaveSol(empresa.id_empresa, clave_sol);
        if (smtp_url) empresa.smtp_url_cifrada = this.encryptSmtpUrl(empresa.id_empresa, smtp_url);
        await manager.save(empresa);
      }
      await this.series.createDefaults(manager, empresa.id_empresa);
      return empresa;
    });
  }

  async update(auth: AuthContext, id: number, dto: UpdateEmpresaDto, logo?: UploadedLogo): Promise<Empresa> {
    const empresa = await this.get(auth, id);
    // Switching a company off or on is an installation-level decision.
    if (dto.estado !== undefined && !auth.isAdmin) throw forbidden();
    const logoPng = logo ? await normalizeLogo(this.checkLogo(logo)) : null;
    const { clave_sol, smtp_url, ...fields } = dto;
    Object.assign(empresa, stripUndefined(fields));
    if (clave_sol !== undefined) empresa.clave_sol_cifrada = clave_sol ? this.encryptClaveSol(id, clave_sol) : null;
    if (smtp_url !== undefined) empresa.smtp_url_cifrada = smtp_url ? this.encryptSmtpUrl(id, smtp_url) : null;
    assertCorreoCompleto(empresa);
    if (logoPng) {
      const key = `empresa-${id}/logo/logo.png`;
      await this.storage.put(key, logoPng);
      if (empresa.logo && empresa.logo !== key) await this.storage.delete(empresa.logo);
      empresa.logo = key;
    }
    const saved = await this.empresas.save(empresa);
    if (dto.estado !== undefined) forgetAllPrincipals(); // its users' sessions end or resume
    return saved;
  }

  async deleteLogo(auth: AuthContext, id: number): Promise<Empresa> {
    const empresa = await this.get(auth, id);
    if (empresa.logo) await this.storage.delete(empresa.logo);
    empresa.logo = null;
    return this.empresas.save(empresa);
  }

  async readLogo(empresa: Empresa): Promise<Buffer | null> {
    return empresa.logo ? this.storage.get(empresa.logo) : null;
  }

  /** Portal password for SUNAT calls; only the gateway callers ask for it. */
  claveSol(empresa: Empresa): string | null {
    if (!empresa.clave_sol_cifrada) return null;
    return decryptSecret(empresa.clave_sol_cifrada, this.app.secretKey, claveContext(empresa.id_empresa)).toString('utf8');
  }

  /** What mailing a document to its buyer needs of the company, or null when its settings are incomplete. Only the mail sender asks. */
  ajustesCorreo(empresa: Empresa): AjustesCorreo | null {
    const remitente = empresa.correo_remitente ?? empresa.email;
    if (!empresa.smtp_url_cifrada || !remitente) return null;
    const smtpUrl = decryptSecret(empresa.smtp_url_cifrada, this.app.secretKey, smtpContext(empresa.id_empresa)).toString('utf8');
    return { smtpUrl, remitente, nombre: empresa.razon_social, responderA: empresa.email && empresa.email !== remitente ? empresa.email : null };
  }

  private encryptSmtpUrl(empresaId: number, url: string): string {
    return encryptSecret(url, this.app.secretKey, smtpContext(empresaId));
  }

  private encryptClaveSol(empresaId: number, clave: string): string {
    return encryptSecret(clave, this.app.secretKey, claveContext(empresaId));
  }

  /** Size and type of the upload, before any decoding; answers its content. */
  private checkLogo(logo: UploadedLogo): Buffer {
    if (logo.size > this.storageCfg.maxLogoBytes) {
      throw invalidField('logo', `El logo no debe superar ${Math.round(this.storageCfg.maxLogoBytes / 1024)} KB.`);
    }
    if (!logoExtension(logo.buffer)) throw invalidField('logo', 'El logo debe ser una imagen PNG, JPEG o WEBP.');
    return logo.buffer;
  }
}

const claveContext = (empresaId: number) => `empresa:${empresaId}:clave_sol`;
const smtpContext = (empresaId: number) => `empresa:${empresaId}:smtp_url`;

/** The company's mail settings are complete: an SMTP URL and a sender (correo_remitente, or else its email). */
export function tieneCorreo(e: Pick<Empresa, 'smtp_url_cifrada' | 'correo_remitente' | 'email'>): boolean {
  return !!e.smtp_url_cifrada && !!(e.correo_remitente ?? e.email);
}

/** Automatic mail needs somewhere to send from: a 422 on correo_automatico otherwise (also when the settings are removed). */
function assertCorreoCompleto(e: Pick<Empresa, 'smtp_url_cifrada' | 'correo_remitente' | 'email'> & { correo_automatico?: boolean }): void {
  if (e.correo_automatico && !tieneCorreo(e)) throw invalidField('correo_automatico', MSG_CORREO_INCOMPLETO);
}

export const MSG_CORREO_INCOMPLETO = 'El envío de correos necesita smtp_url y un remitente (correo_remitente o el email de la empresa).';

/** The company's mail settings, decrypted, for the sender only. */
export interface AjustesCorreo {
  smtpUrl: string;
  remitente: string;
  /** Display name of the sender. */
  nombre: string;
  /** The company's email when it is not the sender's address. */
  responderA: string | null;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
