import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsNumber, IsOptional, Matches, Max, Min, ValidateNested } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { CreateNotaDto } from '@/notas/dto/create-nota.dto';

const MONTO = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false } as const;

/** A sale line credited: `cantidad` returned (reason 07) or `monto` with taxes discounted (reason 05). */
export class ItemNotaCreditoDto {
  @IsInt() @Min(1) @Max(MAX_INT4) id_detalle: number;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0.0000000001) @Max(99_999_999) cantidad?: number;
  @IsOptional() @IsNumber(MONTO) @Min(0.01) @Max(999_999_999.99) monto?: number;
}

/** Reason 13: an instalment of the sale's new schedule. */
export class CuotaNotaDto {
  @IsNumber(MONTO) @Min(0.01) @Max(999_999_999.99) monto: number;
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'fecha_vencimiento debe tener el formato YYYY-MM-DD' }) fecha_vencimiento: string;
}

/**
 * POST /api/notas-credito: id_venta, motivo_id, optional descripcion_motivo. Without items, monto or cuotas
 * it is SPEC.md's whole-sale note (amounts from the sale); with one of them, a partial note.
 */
export class CreateNotaCreditoDto extends CreateNotaDto {
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => ItemNotaCreditoDto) items?: ItemNotaCreditoDto[];
  /** Motivos 04, 08, 09, 10, 11 y 12: el monto con impuestos, repartido entre las líneas de la venta. */
  @IsOptional() @IsNumber(MONTO) @Min(0.01) @Max(999_999_999.99) monto?: number;
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(120) @ValidateNested({ each: true }) @Type(() => CuotaNotaDto) cuotas?: CuotaNotaDto[];
}
