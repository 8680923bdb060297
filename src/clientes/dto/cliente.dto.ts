import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { TIPOS_DOC_CLIENTE } from '../documento-cliente';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Passport and carnet numbers compare case-insensitively; DNI and RUC are digits anyway. */
const documento = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
/** Optional on update, but a required column cannot be cleared with null. */
const Present = () => ValidateIf((_o, value) => value !== undefined);

export class CreateClienteDto {
  /** Si se omite, se deduce de la longitud de `documento` (8 dígitos DNI, 11 RUC). */
  @IsOptional() @IsIn(TIPOS_DOC_CLIENTE) tipo_doc?: string;
  @Transform(documento) @IsString() @Length(1, 15) documento: string;
  @Transform(trim) @IsString() @Length(1, 255) datos: string;
  @IsOptional() @IsString() @MaxLength(500) direccion?: string | null;
  @IsOptional() @IsEmail() @MaxLength(255) email?: string | null;
  @IsOptional() @IsString() @MaxLength(50) telefono?: string | null;
}

/** Partial update: absent fields keep their value; optional ones may be cleared with null. */
export class UpdateClienteDto {
  @Present() @IsIn(TIPOS_DOC_CLIENTE) tipo_doc?: string;
  @Present() @Transform(documento) @IsString() @Length(1, 15) documento?: string;
  @Present() @Transform(trim) @IsString() @Length(1, 255) datos?: string;
  @IsOptional() @IsString() @MaxLength(500) direccion?: string | null;
  @IsOptional() @IsEmail() @MaxLength(255) email?: string | null;
  @IsOptional() @IsString() @MaxLength(50) telefono?: string | null;
}

export interface ClienteResponse {
  id_cliente: number;
  id_empresa: number;
  tipo_doc: string;
  documento: string;
  datos: string;
  direccion: string | null;
  email: string | null;
  telefono: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What another module passes to create a client on the fly (sales, quotations). */
export interface ClienteNuevo {
  documento: string;
  datos: string;
  direccion?: string | null;
  tipo_doc?: string;
}
