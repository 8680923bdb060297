import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Matches, Max, Min } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';

export class ResumenDiarioDto {
  /** Ids de las ventas (boletas); SUNAT acepta hasta 500 líneas por resumen, así que más se envían en varios (hasta 10). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_INT4, { each: true })
  ids: number[];

  /** Fecha de emisión de las boletas que informa (ReferenceDate del resumen). */
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'fecha_resumen debe tener el formato YYYY-MM-DD' })
  fecha_resumen: string;
}
