import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_PAGE } from './validators/limites';

export const MAX_PER_PAGE = 100;

/** ?q=&page=&per_page= for every list; per_page is capped so no request can ask for the whole table. */
export class ListQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PER_PAGE)
  per_page?: number;
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export function pageOf(query: ListQueryDto, defaultPerPage = 20): { page: number; perPage: number; skip: number } {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? defaultPerPage;
  return { page, perPage, skip: (page - 1) * perPage };
}

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Escapes LIKE wildcards so a search for '50%' matches the text, not everything. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
