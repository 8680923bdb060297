import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotasModule } from '@/notas/notas.module';
import { NotaCredito } from './entities/nota-credito.entity';
import { NotasCreditoController } from './notas-credito.controller';

@Module({
  imports: [TypeOrmModule.forFeature([NotaCredito]), NotasModule],
  controllers: [NotasCreditoController],
})
export class NotasCreditoModule {}
