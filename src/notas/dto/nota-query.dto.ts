import { IsIn, IsOptional, Matches } from 'class-validator';
import { ESTADOS_NOTA, EstadoNota } from '@/common/estados';
import { ListQueryDto } from '@/common/pagination';

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** GET list filters; `q` searches the note number ('FC01-3') and the affected sale ('F001-12'). */
export class NotaQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(ESTADOS_NOTA) estado?: EstadoNota;
  @IsOptional() @Matches(FECHA, { message: 'fecha_desde debe tener el formato YYYY-MM-DD' }) fecha_desde?: string;
  @IsOptional() @Matches(FECHA, { message: 'fecha_hasta debe tener el formato YYYY-MM-DD' }) fecha_hasta?: string;
}
