import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SeriesModule } from '@/series/series.module';
import { CertificadoService } from './certificado.service';
import { EmisorService } from './emisor.service';
import { Empresa } from './entities/empresa.entity';
import { EmpresasController } from './empresas.controller';
import { EmpresasService } from './empresas.service';

@Module({
  imports: [TypeOrmModule.forFeature([Empresa]), SeriesModule],
  controllers: [EmpresasController],
  providers: [EmpresasService, CertificadoService, EmisorService],
  exports: [EmpresasService, EmisorService],
})
export class EmpresasModule {}
