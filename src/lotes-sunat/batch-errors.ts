import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError } from '@/common/errors/domain-error';

/** 422 of a batch that found nothing to send (SPEC.md messages; errores when sales were refused). */
export function batchRefused(message: string, errores?: string[]): HttpException {
  return new HttpException({ success: false, message, ...(errores ? { errores } : {}) }, HttpStatus.UNPROCESSABLE_ENTITY);
}

/** SPEC.md's 500 for unexpected failures of batch and ticket operations: 'Error al ...: <detail>' (HTTP and domain errors pass as they are). */
export function unexpected(prefix: string, error: unknown): HttpException | DomainError {
  if (error instanceof HttpException || error instanceof DomainError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new HttpException({ success: false, message: `${prefix}: ${detail}` }, HttpStatus.INTERNAL_SERVER_ERROR);
}
