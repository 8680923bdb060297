import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ColaEnvios } from './cola-envios.service';
import { DespachadorEnvios } from './despachador-envios.service';
import { EnvioSunat } from './envio.entity';
import { ServicioSunatEstado } from './servicio-sunat.entity';

/** The automatic sending of documents to SUNAT: the queue every document module writes to and its sender. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([EnvioSunat, ServicioSunatEstado])],
  providers: [ColaEnvios, DespachadorEnvios],
  exports: [ColaEnvios, DespachadorEnvios],
})
export class EnviosModule {}
