import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsCodigoCatalogo } from '@/catalogos/validators/is-codigo-catalogo';

/* Issue 18 (part A): payment conditions of a sale. Rules across fields are checked in ventas/venta-pago.ts. */

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const FECHA = /^\d{4}-\d{2}-\d{2}$/;

export const FORMAS_PAGO = ['Contado', 'Credito'] as const;
/** Percepción regimes (catálogo 53 charge codes): 51 venta interna 2 %, 52 combustibles 1 %, 53 agente de percepción 0.5 %. */
export const REGIMENES_PERCEPCION = ['51', '52', '53'] as const;

/** One instalment of a credit sale (Cuota001, Cuota002...). */
export class CuotaDto {
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0.01) @Max(99_999_999) monto: number;
  @IsString()
  @Matches(FECHA, { message: 'fecha_vencimiento debe tener el formato YYYY-MM-DD' })
  @IsISO8601({ strict: true })
  fecha_vencimiento: string;
}

/** Detracción (SPOT): catálogo 54 good or service, its rate, the seller's Banco de la Nación account, catálogo 59 means. */
export class DetraccionDto {
  @IsString() @IsCodigoCatalogo('54') codigo: string;
  /** Porcentaje (12 = 12 %); por defecto, la tasa del código en el catálogo 54. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0.01) @Max(100) porcentaje?: number;
  @Transform(trim)
  @IsString({ message: 'cuenta_banco_nacion es obligatoria: la cuenta de detracciones del emisor en el Banco de la Nación' })
  @Matches(/^[0-9-]{1,30}$/, { message: 'cuenta_banco_nacion debe tener solo dígitos y guiones (máximo 30)' })
  @MaxLength(30)
  cuenta_banco_nacion: string;
  /** Catálogo 59; por defecto '001' (depósito en cuenta). */
  @IsOptional() @IsString() @IsCodigoCatalogo('59') medio_pago?: string;
  /** En soles; por defecto, el total en soles × porcentaje / 100 redondeado a soles enteros. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0.01) @Max(99_999_999) monto?: number;
}

export class PercepcionDto {
  @IsIn(REGIMENES_PERCEPCION) codigo_regimen: string;
}

export class RetencionDto {
  /** Porcentaje; por defecto 3. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0.01) @Max(100) porcentaje?: number;
}
