import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { TIPOS_ENLACE, TipoEnlace } from './enlace-recursos';

export class CrearEnlaceDto {
  @ApiProperty({ enum: TIPOS_ENLACE, example: 'venta-pdf' })
  @IsIn(TIPOS_ENLACE)
  tipo!: TipoEnlace;

  @ApiProperty({ example: 1, description: 'id del registro (venta, nota, guía o cotización)' })
  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  id!: number;
}
