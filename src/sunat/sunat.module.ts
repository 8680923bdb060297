import { Global, Module } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { storageConfig } from '@/config/storage.config';
import { DocumentStorage } from './storage/document-storage';
import { LocalDocumentStorage } from './storage/local-document-storage';

/** The SUNAT core exposed to resource modules: storage now; issuing facade and gateway as they land. */
@Global()
@Module({
  providers: [
    {
      provide: DocumentStorage,
      inject: [storageConfig.KEY],
      useFactory: (cfg: ConfigType<typeof storageConfig>) => new LocalDocumentStorage(cfg.dir),
    },
  ],
  exports: [DocumentStorage],
})
export class SunatModule {}
