import { Global, Module } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { storageConfig } from '@/config/storage.config';
import { SigningCredentialsCache } from './signing/certificates/credentials-cache';
import { sunatEndpointsProvider } from './nest/sunat-endpoints.provider';
import { sendLimiterProvider, sunatGatewayProvider } from './nest/sunat-gateway.provider';
import { DocumentStorage } from './storage/document-storage';
import { LocalDocumentStorage } from './storage/local-document-storage';
import { PgDocumentStorage } from './storage/pg-document-storage';
import { S3DocumentStorage } from './storage/s3-document-storage';
import { DocumentIssuer } from './nest/document-issuer';
import { SunatRulesCheck } from './nest/sunat-rules-check';
import { SunatRulesPoolLifecycle } from './nest/sunat-rules-pool.provider';

/**
 * The SUNAT core as Nest sees it: storage, the gateway (real SUNAT or the local simulator), the
 * per-company signing key cache and the issuing facade. Nothing here knows our tables.
 */
@Global()
@Module({
  providers: [
    {
      provide: DocumentStorage,
      inject: [storageConfig.KEY, DataSource],
      useFactory: (cfg: ConfigType<typeof storageConfig>, dataSource: DataSource) => {
        if (cfg.driver === 'local') return new LocalDocumentStorage(cfg.dir);
        if (cfg.driver === 's3') return new S3DocumentStorage(cfg.s3!);
        return new PgDocumentStorage(dataSource);
      },
    },
    { provide: SigningCredentialsCache, useValue: new SigningCredentialsCache() },
    sunatEndpointsProvider,
    sendLimiterProvider,
    sunatGatewayProvider,
    DocumentIssuer,
    SunatRulesCheck,
    SunatRulesPoolLifecycle,
  ],
  exports: [DocumentStorage, SigningCredentialsCache, sendLimiterProvider, sunatGatewayProvider, sunatEndpointsProvider, DocumentIssuer, SunatRulesCheck],
})
export class SunatModule {}
