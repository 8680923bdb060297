import { IsNumber, Max, Min } from 'class-validator';
import { CreateNotaDto } from '@/notas/dto/create-nota.dto';

/** POST /api/notas-debito: the debited amount (IGV included) is new, split with the company rate. */
export class CreateNotaDebitoDto extends CreateNotaDto {
  /** > 0, cents; the top is what the amount-in-words legend can say (999,999,999.99). */
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0.01) @Max(999_999_999.99) monto_total: number;
}
