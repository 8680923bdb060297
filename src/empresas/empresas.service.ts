import { Inject, Injectable } from '@nestjs/common';
import { forgetAllPrincipals } from '@/auth/principal-cache';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
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

  findById(id: number): Promise<Empresa | null> {
    return this.empresas.findOne({ where: { id_empresa: id } });
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
      const { clave_sol, ...fields } = dto;
      const empresa = await manager.save(
        manager.create(Empresa, { ...fields, igv: fields.igv ?? Number(this.app.defaultIgvRate), modo: fields.modo ?? 'beta', estado: fields.estado ?? '1' }),
      );
      if (clave_sol) {
        empresa.clave_sol_cifrada = this.encryptClaveSol(empresa.id_empresa, clave_sol);
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
    const { clave_sol, ...fields } = dto;
    Object.assign(empresa, stripUndefined(fields));
    if (clave_sol !== undefined) empresa.clave_sol_cifrada = clave_sol ? this.encryptClaveSol(id, clave_sol) : null;
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

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
