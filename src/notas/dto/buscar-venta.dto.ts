import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** GET buscar-venta?serie=F001&numero=12 (SPEC "Search rules": uppercase serie, integer numero). */
export class BuscarVentaDto {
  @Transform(upper) @IsString() @IsNotEmpty() @MaxLength(4) serie: string;
  @Transform(trim) @IsString() @Matches(/^\d{1,9}$/, { message: 'numero debe ser un número entero' }) numero: string;
}
