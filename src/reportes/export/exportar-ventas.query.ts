import { PickType } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { VentaQueryDto } from '@/ventas/dto/venta-query.dto';

/**
 * The filters of GET /api/ventas (same names and rules), without pagination: an export takes every
 * matching sale. `token` is only here so the web twins' ?token= passes the whitelist; the AuthGuard
 * reads it, and /api routes refuse it before validation runs.
 */
export class ExportarVentasQueryDto extends PickType(VentaQueryDto, [
  'fecha_desde',
  'fecha_hasta',
  'tipo',
  'estado_sunat',
  'estado',
  'cliente',
  'serie',
  'q',
] as const) {
  @IsOptional() @IsString() @MaxLength(300) token?: string;
}
