import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

export class CreateSerieDto {
  @IsIn(['01', '03', '07', '08', '09'])
  tipo_documento: string;

  @IsString()
  @Length(4, 4)
  serie: string;

  /** Last number already issued in this series elsewhere (when migrating from another system). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99_999_999)
  correlativo?: number;
}
