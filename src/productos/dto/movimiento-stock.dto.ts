import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { ListQueryDto } from '@/common/pagination';
import { TipoMovimiento } from '../entities/movimiento-stock.entity';

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** ?id_producto=&tipo=&fecha_desde=&fecha_hasta= (days in Lima time) plus q (codigo/nombre) and pagination. */
export class MovimientoStockQueryDto extends ListQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_INT4) id_producto?: number;
  @IsOptional() @IsIn(['ingreso', 'salida']) tipo?: TipoMovimiento;
  @IsOptional() @Matches(FECHA, { message: 'fecha_desde debe tener el formato YYYY-MM-DD' }) fecha_desde?: string;
  @IsOptional() @Matches(FECHA, { message: 'fecha_hasta debe tener el formato YYYY-MM-DD' }) fecha_hasta?: string;
}

export interface MovimientoStockResponse {
  id: number;
  id_producto: number;
  producto: { codigo: string; nombre: string; unidad: string } | null;
  tipo: TipoMovimiento;
  cantidad: number;
  stock_resultante: number;
  motivo: string;
  referencia: string | null;
  id_usuario: number | null;
  created_at: Date;
}
