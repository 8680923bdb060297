import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsNumber, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { OmitType, PartialType } from '@nestjs/swagger';
import { IsRuc } from '@/common/validators/documento';
import { IsSmtpUrl, SMTP_URL_MAX } from '@/common/validators/smtp-url';

/** Longest footer text a company may print (about five lines of A4 small print). */
export const LEYENDA_PIE_MAX = 500;

/**
 * The create's fields; the update takes each of them as optional (PartialType) except the RUC. The create is
 * written out in full so that a field it requires can never inherit an update's @IsOptional.
 * Multipart forms send every value as a string: numbers are converted before validation.
 */
export class CreateEmpresaDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsRuc()
  ruc: string;

  @IsString() @Length(1, 255) razon_social: string;
  @IsOptional() @IsString() @MaxLength(255) comercial?: string;
  @IsOptional() @IsString() @MaxLength(500) direccion?: string;
  @IsOptional() @IsEmail() @MaxLength(255) email?: string;
  @IsOptional() @IsString() @MaxLength(50) telefono?: string;
  @IsOptional() @IsString() @Matches(/^\d{6}$/, { message: 'ubigeo debe tener 6 dígitos' }) ubigeo?: string;
  @IsOptional() @IsString() @MaxLength(100) distrito?: string;
  @IsOptional() @IsString() @MaxLength(100) provincia?: string;
  @IsOptional() @IsString() @MaxLength(100) departamento?: string;
  /** Texto al pie de los documentos impresos (p. ej. la resolución de autorización); vacío o null lo quita. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsString()
  @MaxLength(LEYENDA_PIE_MAX)
  leyenda_pie?: string | null;

  /** Tasa del IGV en porcentaje (18.00). */
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  igv?: number;

  /** 'beta' es el entorno de pruebas de SUNAT; 'produccion' envía de verdad. */
  @IsOptional() @IsIn(['beta', 'produccion']) modo?: string;
  @IsOptional() @IsString() @MaxLength(50) user_sol?: string;

  /** Solo escritura: se guarda cifrada y nunca se devuelve. */
  @IsOptional() @IsString() @MaxLength(100) clave_sol?: string;

  @IsOptional() @IsIn(['0', '1']) estado?: string;

  /** true: cada factura, nota y guía se envía a SUNAT sola, en segundo plano, apenas se crea. */
  @IsOptional()
  @Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))
  @IsBoolean()
  envio_automatico?: boolean;

  /** 'HH:MM' (hora de Lima) del resumen diario automático de las boletas; null lo apaga. */
  @IsOptional()
  @Transform(({ value }) => (value === '' ? null : value))
  @IsString()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'resumen_automatico debe ser una hora HH:MM (00:00 a 23:59)' })
  resumen_automatico?: string | null;

  /** Solo escritura: smtp:// o smtps:// con usuario y clave (codificados en la URL); se guarda cifrada y nunca se devuelve; vacío o null la quita. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsString()
  @MaxLength(SMTP_URL_MAX)
  @IsSmtpUrl()
  smtp_url?: string | null;

  /** Remitente de los correos a los clientes (por defecto, el email de la empresa); vacío o null lo quita. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsEmail()
  @MaxLength(255)
  correo_remitente?: string | null;

  /** true: cada factura, boleta y nota aceptada por SUNAT se envía por correo al email de su cliente. */
  @IsOptional()
  @Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))
  @IsBoolean()
  correo_automatico?: boolean;
}

/** Every field but the RUC (which never changes), each optional. */
export class UpdateEmpresaDto extends PartialType(OmitType(CreateEmpresaDto, ['ruc'] as const)) {}

export interface EmpresaResponse {
  id_empresa: number;
  ruc: string;
  razon_social: string;
  comercial: string | null;
  direccion: string | null;
  email: string | null;
  telefono: string | null;
  user_sol: string | null;
  tiene_clave_sol: boolean;
  logo: string | null;
  ubigeo: string | null;
  distrito: string | null;
  provincia: string | null;
  departamento: string | null;
  leyenda_pie: string | null;
  envio_automatico: boolean;
  resumen_automatico: string | null;
  tiene_smtp: boolean;
  correo_remitente: string | null;
  correo_automatico: boolean;
  igv: number;
  estado: string;
  modo: string;
  certificado: { subject: string; emisor: string; valido_desde: string; valido_hasta: string } | null;
}

export class CertificadoUploadDto {
  /** Contraseña del .pfx/.p12 (o de una clave PEM cifrada). No se guarda ni se registra. */
  @IsOptional() @IsString() @MaxLength(200) password?: string;
}
