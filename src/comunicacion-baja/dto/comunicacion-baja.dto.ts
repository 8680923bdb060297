import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';

/**
 * One document to void: EXACTLY ONE of id_venta (factura), id_nota_credito, id_nota_debito; checked by the
 * service (422 on `documentos.N`), since class-validator has no cross-field rule with that key.
 */
export class DocumentoBajaDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  id_venta?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  id_nota_credito?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  id_nota_debito?: number;

  /** Motivo enviado a SUNAT; vacío se envía como 'ERROR EN EMISION'. */
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
