import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, Max, Min } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { CreateProductoDto } from './producto.dto';

export const MAX_FILAS_IMPORTACION = 5000;

/**
 * One row of an import: the product fields plus what leer-excel adds (fila, accion, errores), so the
 * rows it answers can be posted back as they came. accion and errores are recomputed, never trusted.
 */
export class FilaProductoDto extends CreateProductoDto {
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) fila?: number;
  @IsOptional() @IsIn(['crear', 'actualizar']) accion?: string;
  @IsOptional() @IsObject() errores?: Record<string, string[]>;
}

/** Rows are validated one by one in the service, so the 422 can name the row numbers. */
export class ImportarListaDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_FILAS_IMPORTACION) @IsObject({ each: true }) productos: Record<string, unknown>[];
}

export interface FilaLeida {
  fila: number;
  codigo?: unknown;
  nombre?: unknown;
  descripcion?: unknown;
  unidad?: unknown;
  precio?: unknown;
  costo?: unknown;
  stock?: unknown;
  codigo_sunat?: unknown;
  tipo_afectacion_igv?: unknown;
  icbper?: unknown;
  isc?: unknown;
  estado?: unknown;
  accion: 'crear' | 'actualizar';
  errores: Record<string, string[]>;
}
