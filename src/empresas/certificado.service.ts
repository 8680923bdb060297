import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { appConfig, AppConfig } from '@/config/app.config';
import { AuthContext } from '@/common/context/request-context';
import { invalidField, RetryLaterException } from '@/common/errors/http-errors';
import { TaskPoolBusy } from '@/common/workers/task-pool';
import { CertificateReader } from '@/sunat/signing/certificates/certificate-reader';
import { SigningCredentialsCache } from '@/sunat/signing/certificates/credentials-cache';
import { generateTestCertificate } from '@/sunat/signing/certificates/generate-test-certificate';
import { loadPem } from '@/sunat/signing/certificates/load-pem';
import { LoadedCertificate } from '@/sunat/signing/certificates/loaded-certificate';
import { decryptSecret, encryptSecret } from '@/sunat/signing/secret-encryption';
import { SigningCredentials } from '@/sunat/signing/signing-credentials';
import { SigningError } from '@/sunat/signing/signing-errors';
import { Empresa, CertificadoInfo } from './entities/empresa.entity';
import { EmpresasService } from './empresas.service';

export const CERTIFICADOS_OCUPADOS = 'Hay demasiados certificados en lectura; intente nuevamente en unos momentos.';

interface StoredPair {
  key: string;
  cert: string;
}

/**
 * The company's signing certificate: uploaded PFX/PEM, or for beta companies without one a self-signed
 * test certificate made on first use. Key and certificate are kept together, encrypted with the app key.
 */
@Injectable()
export class CertificadoService {
  constructor(
    @InjectRepository(Empresa) private readonly empresas: Repository<Empresa>,
    private readonly empresasService: EmpresasService,
    private readonly cache: SigningCredentialsCache,
    private readonly reader: CertificateReader,
    @Inject(appConfig.KEY) private readonly app: AppConfig,
  ) {}

  async upload(auth: AuthContext, id: number, file: Buffer | undefined, password?: string, privateKey?: Buffer): Promise<CertificadoInfo> {
    const empresa = await this.empresasService.get(auth, id);
    if (!file?.length) throw invalidField('certificado', 'Adjunte el certificado (.pfx, .p12 o .pem).');
    let loaded: LoadedCertificate;
    try {
      loaded = await this.reader.read({ data: file, password, privateKey });
    } catch (e) {
      if (e instanceof SigningError) throw invalidField('certificado', e.message);
      if (e instanceof TaskPoolBusy) throw new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, CERTIFICADOS_OCUPADOS, e.retryAfterSeconds);
      throw e;
    }
    await this.save(empresa, loaded);
    return toInfo(loaded);
  }

  /** Signing key of the company, parsed once per process and per stored certificate. */
  credentials(empresa: Empresa): Promise<SigningCredentials> {
    const version = empresa.certificado_info?.valido_hasta ? `${empresa.updated_at?.getTime()}` : 'none';
    return this.cache.get(empresa.id_empresa, version, async () => {
      const fresh = await this.empresas.findOneOrFail({ where: { id_empresa: empresa.id_empresa } });
      if (fresh.certificado_cifrado) return this.read(fresh);
      if (fresh.modo !== 'beta') throw invalidField('certificado', 'La empresa no tiene certificado digital para firmar en producción.');
      const generated = await generateTestCertificate({ ruc: fresh.ruc, razonSocial: fresh.razon_social });
      await this.save(fresh, generated.loaded, { key: generated.privateKeyPem, cert: generated.certificatePem });
      return generated.loaded;
    });
  }

  private read(empresa: Empresa): LoadedCertificate {
    const pair = JSON.parse(decryptSecret(empresa.certificado_cifrado!, this.app.secretKey, context(empresa.id_empresa)).toString('utf8')) as StoredPair;
    // An expired certificate still loads here so the failure is SUNAT's clear answer, not a crash.
    return loadPem({ certificate: Buffer.from(pair.cert), privateKey: Buffer.from(pair.key) }, { allowExpired: true });
  }

  private async save(empresa: Empresa, loaded: LoadedCertificate, pem?: StoredPair): Promise<void> {
    const pair: StoredPair = pem ?? {
      key: loaded.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      cert: loaded.certificate.toString(),
    };
    await this.empresas.update(
      { id_empresa: empresa.id_empresa },
      { certificado_cifrado: encryptSecret(JSON.stringify(pair), this.app.secretKey, context(empresa.id_empresa)), certificado_info: toInfo(loaded) },
    );
    this.cache.invalidate(empresa.id_empresa);
  }
}

const context = (empresaId: number) => `empresa:${empresaId}:certificado`;

function toInfo(loaded: LoadedCertificate): CertificadoInfo {
  return {
    subject: loaded.info.subject,
    emisor: loaded.info.emisor,
    valido_desde: loaded.info.valido_desde.toISOString().slice(0, 10),
    valido_hasta: loaded.info.valido_hasta.toISOString().slice(0, 10),
  };
}
