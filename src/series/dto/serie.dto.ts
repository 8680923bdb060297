import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

export class CreateSerieDto {
  @IsIn(['01', '03', '07', '08', '09'])
  tipo_documento: string;

  @IsString()
  @Length(4, 4)
  serie: string;

  /** Último número ya emitido en esta serie fuera del sistema (al migrar desde otro sistema). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99_999_999)
  correlativo?: number;
}
