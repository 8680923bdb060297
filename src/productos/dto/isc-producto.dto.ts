import { IsNumber, IsOptional, Max, Min } from 'class-validator';
import { IsCodigoCatalogo } from '@/catalogos/validators/is-codigo-catalogo';

/**
 * ISC of a gravado product (catálogo 08): '01' al valor (tasa %), '02' monto fijo (monto per unit),
 * '03' precio de venta al público (tasa % and precio_publico). Which amounts a system needs is checked by reglasProducto.
 */
export class IscProductoDto {
  @IsCodigoCatalogo('08') sistema: string;
  /** Porcentaje (17 = 17 %). */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 5, allowNaN: false, allowInfinity: false }) @Min(0) @Max(999) tasa?: number | null;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) monto?: number | null;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) precio_publico?: number | null;
}

/** The product's ISC as answered: the system and the amounts it uses (the others null). */
export interface IscProductoResponse {
  sistema: string;
  tasa: number | null;
  monto: number | null;
  precio_publico: number | null;
}
