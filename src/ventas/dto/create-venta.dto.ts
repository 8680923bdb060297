import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { IsUnidadMedida } from '@/catalogos/validators/is-codigo-catalogo';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const FECHA = /^\d{4}-\d{2}-\d{2}$/;

export const TIPOS_VENTA = ['01', '03'] as const;
export const MONEDAS = ['PEN', 'USD'] as const;
export const AFECTACIONES_IGV = ['10', '20', '30'] as const;

/** A sale line. With id_producto the product gives the defaults (codigo, descripcion, precio, unidad, afectación). */
export class LineaVentaDto {
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_producto?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(50) codigo?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) descripcion?: string;
  /** Up to 3 decimals (kg, litres). */
  @IsNumber({ maxDecimalPlaces: 3, allowNaN: false, allowInfinity: false }) @Min(0.001) @Max(99_999_999) cantidad: number;
  /** Unit price INCLUDING IGV, in cents precision. Defaults to the product's price. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) precio_unitario?: number;
  /** SUNAT catálogo 03 (NIU, ZZ, KGM...). */
  @IsOptional()
  @Transform(upper)
  @IsString()
  @IsUnidadMedida()
  unidad_medida?: string;
  @IsOptional() @IsIn(AFECTACIONES_IGV) tipo_afectacion_igv?: string;
}

export class CreateVentaDto {
  @IsIn(TIPOS_VENTA) tipo_documento: string;
  @IsOptional() @Transform(upper) @IsString() @Matches(/^[A-Z0-9]{4}$/, { message: 'serie debe tener 4 caracteres' }) serie?: string;
  @IsOptional()
  @IsString()
  @Matches(FECHA, { message: 'fecha_emision debe tener el formato YYYY-MM-DD' })
  @IsISO8601({ strict: true })
  fecha_emision?: string;
  @IsOptional() @Transform(upper) @IsIn(MONEDAS) tipo_moneda?: string;

  /** The client: id_cliente, or cliente_documento + cliente_datos (found or created). id_cliente wins when both come. */
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_cliente?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(15) cliente_documento?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(255) cliente_datos?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) cliente_direccion?: string;

  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) cotizacion_id?: number;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => LineaVentaDto)
  productos: LineaVentaDto[];

  /** Take the stock now (default true); false leaves it for POST {id}/descontar-stock. */
  @IsOptional() @IsBoolean() descontar_stock?: boolean;
}

/**
 * PUT body: the sale keeps its type, series and number; everything else may change and the lines are
 * replaced. Omitted fields keep their stored value (productos is required).
 */
export class UpdateVentaDto {
  @IsOptional()
  @IsString()
  @Matches(FECHA, { message: 'fecha_emision debe tener el formato YYYY-MM-DD' })
  @IsISO8601({ strict: true })
  fecha_emision?: string;
  @IsOptional() @Transform(upper) @IsIn(MONEDAS) tipo_moneda?: string;
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_cliente?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(15) cliente_documento?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(255) cliente_datos?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) cliente_direccion?: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => LineaVentaDto)
  productos: LineaVentaDto[];
}
