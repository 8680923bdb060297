import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_UBIGEO_RESULTS } from '../ubigeos/ubigeo-catalog';

export class UbigeoQueryDto {
  @IsOptional() @IsString() @MaxLength(100) q?: string;
  @IsOptional() @Transform(({ value }) => (value === undefined ? value : Number(value))) @IsInt() @Min(1) @Max(MAX_UBIGEO_RESULTS) limit?: number;
}
