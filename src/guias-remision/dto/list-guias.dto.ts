import { IsIn, IsOptional, Matches } from 'class-validator';
import { ESTADOS_GUIA, EstadoGuia } from '@/common/estados';
import { ListQueryDto } from '@/common/pagination';

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** ?q= searches the recipient (name, document) and 'T001-7'; the rest filter exactly. */
export class ListGuiasQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(ESTADOS_GUIA) estado?: EstadoGuia;
  @IsOptional() @IsIn(['01', '02']) mod_transporte?: string;
  @IsOptional() @Matches(FECHA, { message: 'fecha_desde debe tener el formato YYYY-MM-DD' }) fecha_desde?: string;
  @IsOptional() @Matches(FECHA, { message: 'fecha_hasta debe tener el formato YYYY-MM-DD' }) fecha_hasta?: string;
}
