import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNumber, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { ListQueryDto } from '@/common/pagination';
import { IsCodigoCatalogo, IsUnidadMedida } from '@/catalogos/validators/is-codigo-catalogo';
import { IscProductoDto, IscProductoResponse } from './isc-producto.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
/** Optional on update, but a required column cannot be cleared with null. */
const Present = () => ValidateIf((_o, value) => value !== undefined);

// Ceilings of the numeric(p,s) columns, so an oversized value is a 422 and not a database error.
const MAX_PRECIO = 9_999_999_999.99;
const MAX_COSTO = 9_999_999_999.9999;
const MAX_STOCK = 99_999_999_999.999;

export class CreateProductoDto {
  @Transform(trim) @IsString() @Length(1, 50) codigo: string;
  @Transform(trim) @IsString() @Length(1, 255) nombre: string;
  @IsOptional() @IsString() @MaxLength(2000) descripcion?: string | null;
  /** Catálogo 03 de SUNAT; 'ZZ' (servicio) no lleva stock. */
  @IsOptional()
  @Transform(upper)
  @IsString()
  @IsUnidadMedida()
  unidad?: string;
  /** Precio de venta con IGV. */
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_PRECIO) precio: number;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_COSTO) costo?: number;
  /** Stock inicial al crear; al actualizar, un ajuste de inventario (queda como movimiento). */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_STOCK) stock?: number;
  @IsOptional() @IsString() @Matches(/^\d{8}$/, { message: 'codigo_sunat debe tener 8 dígitos' }) codigo_sunat?: string;
  /** Catálogo 07: cualquier afectación; una línea de venta con el producto la toma salvo que envíe la suya. */
  @IsOptional() @IsCodigoCatalogo('07') tipo_afectacion_igv?: string;
  /** Bolsa plástica: sus líneas de venta cobran ICBPER por unidad. */
  @IsOptional() @IsBoolean() icbper?: boolean;
  /** ISC (catálogo 08) de un producto gravado (10); null si no tiene. */
  @IsOptional() @ValidateNested() @Type(() => IscProductoDto) isc?: IscProductoDto | null;
  @IsOptional() @IsIn(['0', '1']) estado?: string;
}

/** Partial update: absent fields keep their value; descripcion may be cleared with null. */
export class UpdateProductoDto {
  @Present() @Transform(trim) @IsString() @Length(1, 50) codigo?: string;
  @Present() @Transform(trim) @IsString() @Length(1, 255) nombre?: string;
  @IsOptional() @IsString() @MaxLength(2000) descripcion?: string | null;
  @Present()
  @Transform(upper)
  @IsString()
  @IsUnidadMedida()
  unidad?: string;
  @Present() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_PRECIO) precio?: number;
  @Present() @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_COSTO) costo?: number;
  @Present() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(MAX_STOCK) stock?: number;
  @Present() @IsString() @Matches(/^\d{8}$/, { message: 'codigo_sunat debe tener 8 dígitos' }) codigo_sunat?: string;
  @Present() @IsCodigoCatalogo('07') tipo_afectacion_igv?: string;
  @Present() @IsBoolean() icbper?: boolean;
  /** Reemplaza el ISC del producto; null lo quita. */
  @IsOptional() @ValidateNested() @Type(() => IscProductoDto) isc?: IscProductoDto | null;
  @Present() @IsIn(['0', '1']) estado?: string;
}

export class ProductoListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(['0', '1']) estado?: string;
  @IsOptional() @IsCodigoCatalogo('07') tipo_afectacion_igv?: string;
}

/** Filters of the Excel export (the list's, without paging). */
export class ProductoExportQueryDto {
  @IsOptional() @IsString() @MaxLength(100) q?: string;
  @IsOptional() @IsIn(['0', '1']) estado?: string;
  @IsOptional() @IsCodigoCatalogo('07') tipo_afectacion_igv?: string;
}

export interface ProductoResponse {
  id_producto: number;
  id_empresa: number;
  codigo: string;
  nombre: string;
  descripcion: string | null;
  unidad: string;
  precio: number;
  costo: number;
  stock: number;
  codigo_sunat: string;
  tipo_afectacion_igv: string;
  icbper: boolean;
  isc: IscProductoResponse | null;
  estado: string;
  created_at: Date;
  updated_at: Date;
}
