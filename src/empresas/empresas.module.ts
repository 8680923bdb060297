import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SeriesModule } from '@/series/series.module';
import { CertificateReader, certificateReaderSettings } from '@/sunat/signing/certificates/certificate-reader';
import { CertificadoService } from './certificado.service';
import { EmisorService } from './emisor.service';
import { Empresa } from './entities/empresa.entity';
import { EmpresasController } from './empresas.controller';
import { EmpresasService } from './empresas.service';

@Module({
  imports: [TypeOrmModule.forFeature([Empresa]), SeriesModule],
  controllers: [EmpresasController],
  providers: [
    EmpresasService,
    CertificadoService,
    EmisorService,
    { provide: CertificateReader, useFactory: () => new CertificateReader(certificateReaderSettings()) },
  ],
  exports: [EmpresasService, EmisorService],
})
export class EmpresasModule {}
