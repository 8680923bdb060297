import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class CatalogoParamsDto {
  /** Dos dígitos, como SUNAT numera sus catálogos: '03', no '3'. */
  @IsString() @Matches(/^\d{2}$/, { message: 'numero debe ser el número del catálogo con dos dígitos (p. ej. 03)' }) numero: string;
}

export class CatalogoQueryDto {
  /** Palabras a buscar en el código o la descripción, sin distinguir tildes. */
  @IsOptional() @IsString() @MaxLength(100) q?: string;
}
