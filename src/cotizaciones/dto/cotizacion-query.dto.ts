import { IsIn, IsOptional } from 'class-validator';
import { ListQueryDto } from '@/common/pagination';
import { ESTADOS_COTIZACION, EstadoCotizacion } from '@/common/estados';

/** ?q= searches numero, client name or documento and asunto; ?estado= filters. */
export class CotizacionListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(ESTADOS_COTIZACION) estado?: EstadoCotizacion;
}
