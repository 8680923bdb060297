import { PartialType } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Length, MaxLength, Matches, Max, Min } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { IsNewPassword } from '../password-policy';

export class CreateUsuarioDto {
  /** Nombre de usuario para iniciar sesión. */
  @IsString()
  @Length(3, 100)
  @Matches(/^[A-Za-z0-9._@-]+$/, { message: 'usuario solo admite letras, números y . _ @ -' })
  usuario: string;

  @IsString()
  @Length(1, 255)
  name: string;

  @IsEmail()
  @MaxLength(255)
  email: string;

  /** Al menos 10 caracteres, como máximo 72 bytes; no una contraseña común. */
  @IsNewPassword()
  password: string;

  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  rol_id: number;

  /** Solo los administradores pueden crear usuarios de otra empresa; para los demás, siempre la suya. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  id_empresa?: number;

  @IsOptional()
  @IsIn(['0', '1'])
  estado?: string;
}

export class UpdateUsuarioDto extends PartialType(CreateUsuarioDto) {}

export interface UsuarioResponse {
  id: number;
  usuario: string;
  name: string;
  email: string;
  rol_id: number;
  id_empresa: number;
  estado: string;
}
