import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/ventas/{id}/anular, /api/notas-credito/{id}/anular, /api/notas-debito/{id}/anular. */
export class AnularDto {
  /** Motivo de la baja que se informa a SUNAT en la comunicación de baja: de 1 a 100 caracteres; por defecto 'ANULACION DE LA OPERACION'. */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  motivo?: string;
}
