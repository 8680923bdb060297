import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Series SUNAT's rule 4006 accepts for a related guide: T001, EG01, G001 (electronic) or 0001 (paper). */
export const SERIE_GUIA = /^(T[A-Z0-9]{3}|EG\d{2}|G\d{3}|\d{4})$/;

/** A related dispatch guide (cac:DespatchDocumentReference): 09 remitente or 31 transportista. */
export class GuiaRelacionadaDto {
  @IsIn(['09', '31']) tipo: string;
  @Transform(upper)
  @IsString()
  @Matches(SERIE_GUIA, { message: 'serie debe ser T###, EG##, G### o 4 dígitos' })
  serie: string;
  @IsInt() @Min(1) @Max(99_999_999) numero: number;
}

/**
 * Catálogo 12 codes accepted as other related documents: 04-09 and 99. 02 and 03 (advance invoices) come
 * through `anticipos`; 01 and 10 draw SUNAT's observation 4009 on a factura.
 */
export const TIPOS_DOCUMENTO_RELACIONADO = ['04', '05', '06', '07', '08', '09', '99'] as const;

/** Another related document (cac:AdditionalDocumentReference), catálogo 12. */
export class DocumentoRelacionadoDto {
  @IsIn(TIPOS_DOCUMENTO_RELACIONADO) tipo: string;
  /** Hasta 30 caracteres sin espacios (regla 4010 de SUNAT). */
  @Transform(trim)
  @IsString()
  @Matches(/^\S{1,30}$/, { message: 'numero debe tener de 1 a 30 caracteres, sin espacios' })
  numero: string;
}

/** An accepted advance invoice of the same client whose amount (taxes included) this sale deducts. */
export class AnticipoDeducidoDto {
  @IsIn(['01', '03']) tipo_documento: string;
  @Transform(upper) @IsString() @Matches(/^[A-Z0-9]{4}$/, { message: 'serie debe tener 4 caracteres' }) serie: string;
  @IsInt() @Min(1) @Max(99_999_999) numero: number;
  /** Monto deducido, con impuestos, en la moneda de la venta; por defecto, lo que queda del anticipo. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0.01) @Max(999_999_999.99) monto?: number;
}
