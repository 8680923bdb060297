import { PartialType } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Length, MaxLength, Matches, Max, Min } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { IsNewPassword } from '../password-policy';

export class CreateUsuarioDto {
  /** Login name. */
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

  /** At least 10 characters, at most 72 bytes, not a common password (password-policy.ts). */
  @IsNewPassword()
  password: string;

  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  rol_id: number;

  /** Only administrators may create users for another company; others always get their own. */
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
