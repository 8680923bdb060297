import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class CatalogoParamsDto {
  /** Two digits, as SUNAT numbers its catalogues: '03', not '3'. */
  @IsString() @Matches(/^\d{2}$/, { message: 'numero debe ser el número del catálogo con dos dígitos (p. ej. 03)' }) numero: string;
}

export class CatalogoQueryDto {
  /** Words to find in the code or the description, accent-insensitive. */
  @IsOptional() @IsString() @MaxLength(100) q?: string;
}
