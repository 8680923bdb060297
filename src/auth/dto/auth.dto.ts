import { IsInt, IsString, Length, Min } from 'class-validator';

export class LoginDto {
  /** Login name (usuario) or email. */
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
  id_empresa: number;
}
