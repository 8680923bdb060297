import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { ESTADOS_SUNAT, ESTADOS_VENTA, EstadoSunat, EstadoVenta } from '@/common/estados';
import { ListQueryDto } from '@/common/pagination';
import { FECHA, TIPOS_VENTA } from './create-venta.dto';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/** GET /api/ventas filters; `q` (from ListQueryDto) searches the number ('F001-12'). */
export class VentaQueryDto extends ListQueryDto {
  @IsOptional() @Matches(FECHA, { message: 'fecha_desde debe tener el formato YYYY-MM-DD' }) fecha_desde?: string;
  @IsOptional() @Matches(FECHA, { message: 'fecha_hasta debe tener el formato YYYY-MM-DD' }) fecha_hasta?: string;
  /** cod_sunat del tipo de documento. */
  @IsOptional() @IsIn(TIPOS_VENTA) tipo?: string;
  @IsOptional() @IsIn(ESTADOS_SUNAT) estado_sunat?: EstadoSunat;
  @IsOptional() @IsIn(ESTADOS_VENTA) estado?: EstadoVenta;
  /** Documento o nombre del cliente, parcial. */
  @IsOptional() @IsString() @MaxLength(100) cliente?: string;
  @IsOptional() @Transform(upper) @Matches(/^[A-Z0-9]{4}$/, { message: 'serie debe tener 4 caracteres' }) serie?: string;
}
