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
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { applyDecorators } from '@nestjs/common';
import { ESTADOS_COTIZACION, EstadoCotizacion } from '@/common/estados';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const money = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };
// Ceilings of the numeric(p,s) columns, so an oversized value is a 422 and not a database error.
const MAX_PRECIO = 999_999_999_999.99;
const MAX_CANTIDAD = 99_999_999_999.999;
const MAX_MONTO = 99_999_999_999_999; // numeric(16,2) holds .99 more, which a double cannot say exactly
const MAX_TIPO_CAMBIO = 9_999_999.999;

/** A real calendar date written YYYY-MM-DD. */
const IsFecha = () =>
  applyDecorators(
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message: '$property debe tener el formato YYYY-MM-DD' }),
    IsISO8601({ strict: true }, { message: '$property no es una fecha válida' }),
  );

export class CotizacionLineaDto {
  /** Un producto de la empresa; su código y nombre completan la línea cuando no se envían. */
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) producto_id?: number | null;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(50) codigo?: string | null;
  /** Obligatorio salvo que venga `producto_id`. */
  @ValidateIf((o: CotizacionLineaDto) => o.producto_id == null || o.nombre != null)
  @Transform(trim)
  @IsString()
  @Length(1, 255)
  nombre?: string;
  @IsNumber({ maxDecimalPlaces: 3, allowNaN: false, allowInfinity: false }) @IsPositive() @Max(MAX_CANTIDAD) cantidad: number;
  /** Con IGV. */
  @IsNumber(money) @Min(0) @Max(MAX_PRECIO) precio_unitario: number;
  /** Precio negociado; si viene (no nulo, 0 incluido) reemplaza a `precio_unitario` en los totales. */
  @IsOptional() @IsNumber(money) @Min(0) @Max(MAX_PRECIO) precio_especial?: number | null;
}

export class CotizacionCuotaDto {
  @IsIn(['inicial', 'cuota']) tipo: 'inicial' | 'cuota';
  @IsNumber(money) @IsPositive() @Max(MAX_MONTO) monto: number;
  @IsFecha() fecha_vencimiento: string;
}

/** SPEC.md "Create body". The client is given in at most one of three ways (checked in cliente-cotizacion.ts; none is CLIENTES VARIOS). */
export class CreateCotizacionDto {
  @IsFecha() fecha: string;
  @IsIn(['PEN', 'USD']) moneda: 'PEN' | 'USD';
  /** Opcional en cualquier moneda; positivo si se envía. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 3, allowNaN: false, allowInfinity: false }) @IsPositive() @Max(MAX_TIPO_CAMBIO) tipo_cambio?: number | null;
  @IsBoolean() aplicar_igv: boolean;
  @IsOptional() @IsNumber(money) @Min(0) @Max(MAX_MONTO) descuento?: number | null;
  @IsOptional() @IsString() @MaxLength(255) asunto?: string | null;
  @IsOptional() @IsString() @MaxLength(5000) observaciones?: string | null;
  /** Texto; un número (30) se acepta y se guarda como texto. */
  @IsOptional() @Transform(({ value }) => (typeof value === 'number' ? String(value) : value)) @IsString() @MaxLength(100) dias_pago?: string | null;
  @IsOptional() @IsString() @MaxLength(500) direccion?: string | null;

  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_cliente?: number | null;
  @IsOptional() @Transform(trim) @IsString() @Length(1, 15) cliente_documento?: string | null;
  @IsOptional() @Transform(trim) @IsString() @Length(1, 255) cliente_datos?: string | null;
  @IsOptional() @IsString() @MaxLength(500) cliente_direccion?: string | null;
  @IsOptional() @Transform(trim) @IsString() @Length(1, 255) cliente_nombre?: string | null;

  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(500) @ValidateNested({ each: true }) @Type(() => CotizacionLineaDto) productos: CotizacionLineaDto[];
  @IsOptional() @IsArray() @ArrayMaxSize(120) @ValidateNested({ each: true }) @Type(() => CotizacionCuotaDto) cuotas?: CotizacionCuotaDto[] | null;
}

/** PUT: the whole quotation again (lines and instalments are replaced) plus an optional estado. */
export class UpdateCotizacionDto extends CreateCotizacionDto {
  @IsOptional() @IsIn(ESTADOS_COTIZACION) estado?: EstadoCotizacion;
}

export class CambiarEstadoDto {
  @IsIn(ESTADOS_COTIZACION) estado: EstadoCotizacion;
}
