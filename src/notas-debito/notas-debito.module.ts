import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotasModule } from '@/notas/notas.module';
import { NotaDebito } from './entities/nota-debito.entity';
import { NotasDebitoController } from './notas-debito.controller';

@Module({
  imports: [TypeOrmModule.forFeature([NotaDebito]), NotasModule],
  controllers: [NotasDebitoController],
})
export class NotasDebitoModule {}
