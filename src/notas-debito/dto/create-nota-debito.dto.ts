import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsUnidadMedida } from '@/catalogos/validators/is-codigo-catalogo';
import { CreateNotaDto } from '@/notas/dto/create-nota.dto';
import { AFECTACIONES_07 } from '@/sunat/documents/sale-amounts';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);

/** A debited line, priced as a sale line: with IGV unless the sale's prices exclude it. */
export class ItemNotaDebitoDto {
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(500) descripcion: string;
  @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0.0000000001) @Max(99_999_999) cantidad: number;
  @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) precio_unitario: number;
  @IsOptional() @IsIn(AFECTACIONES_07) tipo_afectacion_igv?: string;
  @IsOptional() @Transform(upper) @IsString() @IsUnidadMedida() unidad_medida?: string;
}

/** POST /api/notas-debito: the debited amount (`monto_total`, IGV included, split with the company rate) or `items`. */
export class CreateNotaDebitoDto extends CreateNotaDto {
  /** Mayor que 0, con céntimos; el máximo es lo que la leyenda en letras puede expresar (999,999,999.99). */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0.01) @Max(999_999_999.99) monto_total?: number;
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => ItemNotaDebitoDto) items?: ItemNotaDebitoDto[];
}
