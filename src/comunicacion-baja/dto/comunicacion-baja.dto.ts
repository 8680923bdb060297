import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsString, MaxLength, Min, ValidateNested } from 'class-validator';

export class DocumentoBajaDto {
  @IsInt()
  @Min(1)
  id_venta: number;

  /** Reason sent to SUNAT; empty becomes 'ERROR EN EMISION'. */
  @IsString()
  @MaxLength(200)
  motivo: string;
}

export class ComunicacionBajaDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => DocumentoBajaDto)
  documentos: DocumentoBajaDto[];
}
