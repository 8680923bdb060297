import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_PER_PAGE } from '@/common/pagination';
import { MAX_PAGE } from '@/common/validators/limites';
import { ESTADOS_ENTREGA, EstadoEntrega } from '@/common/estados';
import { TIPOS_EVENTO, TipoEvento } from '@/eventos/tipos-evento';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const MAX_URL_WEBHOOK = 2000;

export class CreateWebhookDto {
  /** http:// o https://; en producción no puede resolver a direcciones locales, privadas o de enlace local. */
  @Transform(trim) @IsString() @MaxLength(MAX_URL_WEBHOOK) url: string;
  /** Tipos de evento suscritos; si se omite (o es null), todos. */
  @IsOptional() @IsArray() @ArrayMaxSize(TIPOS_EVENTO.length) @ArrayUnique() @IsIn(TIPOS_EVENTO, { each: true }) eventos?: TipoEvento[] | null;
}

/** Partial update: absent fields keep their value. `activo: true` re-enables an endpoint disabled for failing. */
export class UpdateWebhookDto {
  @ValidateIf((_o, value) => value !== undefined) @Transform(trim) @IsString() @MaxLength(MAX_URL_WEBHOOK) url?: string;
  /** null: todos los tipos. */
  @IsOptional() @IsArray() @ArrayMaxSize(TIPOS_EVENTO.length) @ArrayUnique() @IsIn(TIPOS_EVENTO, { each: true }) eventos?: TipoEvento[] | null;
  @ValidateIf((_o, value) => value !== undefined) @IsBoolean() activo?: boolean;
}

export class EntregasQueryDto {
  /** Solo las entregas en este estado. */
  @IsOptional() @IsIn(ESTADOS_ENTREGA) estado?: EstadoEntrega;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  /** Hasta 100. */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PER_PAGE) per_page?: number;
}
