import { IsInt, IsString, Length, Max, Min } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { IsNewPassword } from '@/usuarios/password-policy';

export class LoginDto {
  /** Nombre de usuario o correo electrónico. */
  @IsString()
  @Length(1, 255)
  user: string;

  @IsString()
  @Length(1, 255)
  password: string;
}

export class SwitchEmpresaDto {
  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  id_empresa: number;
}

export class ChangePasswordDto {
  @IsString()
  @Length(1, 255)
  password_actual: string;

  /** Al menos 10 caracteres, como máximo 72 bytes; no una contraseña común. */
  @IsNewPassword()
  password: string;
}
