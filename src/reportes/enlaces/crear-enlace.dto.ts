import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Min } from 'class-validator';
import { TIPOS_ENLACE, TipoEnlace } from './enlace-recursos';

export class CrearEnlaceDto {
  @ApiProperty({ enum: TIPOS_ENLACE, example: 'venta-pdf' })
  @IsIn(TIPOS_ENLACE)
  tipo!: TipoEnlace;

  @ApiProperty({ example: 1, description: 'id del registro (venta, nota, guía o cotización)' })
  @IsInt()
  @Min(1)
  id!: number;
}
