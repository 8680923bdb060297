import { ArgumentsHost, Catch, ExceptionFilter, PayloadTooLargeException } from '@nestjs/common';
import type { Response } from 'express';
import { tooLarge } from './validar.service';

/** Multer's own 413 for a multipart file past the limit ('File too large') answered as the raw body's is. */
@Catch(PayloadTooLargeException)
export class ValidarTamanoFilter implements ExceptionFilter {
  catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
    const error = tooLarge();
    host.switchToHttp().getResponse<Response>().status(error.getStatus()).json(error.getResponse());
  }
}
