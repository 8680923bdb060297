import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { ListQueryDto } from '@/common/pagination';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** SUNAT catálogo 01 documents a shop receives: 01 factura, 03 boleta, 12 ticket, 02 recibo por honorarios, 14 servicios públicos, 00 otros. */
export const TIPOS_DOCUMENTO_COMPRA = ['00', '01', '02', '03', '12', '14'] as const;

export class LineaCompraDto {
  @IsInt() @Min(1) @Max(MAX_INT4) id_producto: number;
  @IsNumber({ maxDecimalPlaces: 3, allowNaN: false, allowInfinity: false }) @IsPositive() @Max(99_999_999_999) cantidad: number;
  /** Con IGV en los productos gravados. */
  @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false }) @Min(0) @Max(9_999_999_999) costo_unitario: number;
}

/** Create body; PUT takes the same body and replaces the purchase (lines included). */
export class CreateCompraDto {
  @IsInt() @Min(1) @Max(MAX_INT4) id_proveedor: number;
  @IsString() @Matches(FECHA, { message: 'fecha debe tener el formato YYYY-MM-DD' }) @IsISO8601({ strict: true }) fecha: string;
  @IsIn(TIPOS_DOCUMENTO_COMPRA) tipo_documento: string;
  @Transform(upper) @IsString() @Matches(/^[A-Z0-9]{1,4}$/, { message: 'serie debe tener de 1 a 4 letras o dígitos' }) serie: string;
  @IsInt() @Min(1) @Max(MAX_INT4) @Max(99_999_999) numero: number;
  @IsOptional() @IsString() @MaxLength(1000) observaciones?: string | null;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => LineaCompraDto)
  productos: LineaCompraDto[];
}

export class CompraQueryDto extends ListQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_INT4) id_proveedor?: number;
  @IsOptional() @IsIn(['1', '2']) estado?: string;
  @IsOptional() @IsIn(TIPOS_DOCUMENTO_COMPRA) tipo_documento?: string;
  @IsOptional() @Matches(FECHA, { message: 'fecha_desde debe tener el formato YYYY-MM-DD' }) fecha_desde?: string;
  @IsOptional() @Matches(FECHA, { message: 'fecha_hasta debe tener el formato YYYY-MM-DD' }) fecha_hasta?: string;
}

export interface LineaCompraResponse {
  id: number;
  id_producto: number;
  producto: { codigo: string; nombre: string; unidad: string } | null;
  cantidad: number;
  costo_unitario: number;
  importe: number;
}

export interface CompraResponse {
  id_compra: number;
  id_empresa: number;
  id_proveedor: number;
  proveedor: { id_proveedor: number; ruc: string; razon_social: string } | null;
  id_usuario: number | null;
  fecha: string;
  tipo_documento: string;
  serie: string;
  numero: number;
  numero_completo: string;
  subtotal: number;
  igv: number;
  total: number;
  estado: string;
  observaciones: string | null;
  created_at: Date;
  updated_at: Date;
  productos?: LineaCompraResponse[];
}
