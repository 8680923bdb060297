import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';

/** Trims and joins lines: SUNAT's cbc:Description pattern allows no line breaks. Blank means "use the reason's text". */
const normalizarTexto = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
};

/** Fields of both note kinds (SPEC "Credit notes" create body). */
export class CreateNotaDto {
  @IsInt() @Min(1) @Max(MAX_INT4) id_venta: number;
  @IsInt() @Min(1) @Max(MAX_INT4) motivo_id: number;

  /** Por defecto, la descripción del motivo. */
  @IsOptional() @Transform(normalizarTexto) @IsString() @MinLength(2) @MaxLength(255) descripcion_motivo?: string;
}
