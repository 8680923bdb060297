import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { IsRuc } from '@/common/validators/documento';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional on update, but a required column cannot be cleared with null. */
const Present = () => ValidateIf((_o, value) => value !== undefined);

export class CreateProveedorDto {
  @Transform(trim) @IsString() @IsRuc() ruc: string;
  @Transform(trim) @IsString() @Length(1, 255) razon_social: string;
  @IsOptional() @IsString() @MaxLength(500) direccion?: string | null;
  @IsOptional() @IsEmail() @MaxLength(255) email?: string | null;
  @IsOptional() @IsString() @MaxLength(50) telefono?: string | null;
}

/** Partial update: absent fields keep their value; optional ones may be cleared with null. */
export class UpdateProveedorDto {
  @Present() @Transform(trim) @IsString() @IsRuc() ruc?: string;
  @Present() @Transform(trim) @IsString() @Length(1, 255) razon_social?: string;
  @IsOptional() @IsString() @MaxLength(500) direccion?: string | null;
  @IsOptional() @IsEmail() @MaxLength(255) email?: string | null;
  @IsOptional() @IsString() @MaxLength(50) telefono?: string | null;
}

export interface ProveedorResponse {
  id_proveedor: number;
  id_empresa: number;
  ruc: string;
  razon_social: string;
  direccion: string | null;
  email: string | null;
  telefono: string | null;
  created_at: Date;
  updated_at: Date;
}
