import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';

type Archivo = Express.Multer.File;

/**
 * A multipart field sent empty counts as absent. Swagger UI (and many HTML forms) send every field of the form,
 * the optional ones left blank as empty strings, and a file input left blank as an empty text field or an
 * unnamed empty part: without this, `clave_privada=""` beside a .pfx is an unknown field and `email=""` a bad
 * address. Listed after the multer interceptor in `@UseInterceptors`, so the form is already parsed. JSON bodies
 * are untouched: there an empty string is a value.
 */
@Injectable()
export class MultipartVaciosInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.is('multipart/form-data')) {
      const body = req.body as Record<string, unknown> | undefined;
      if (body && typeof body === 'object') {
        for (const [campo, valor] of Object.entries(body)) if (valor === '') delete body[campo];
      }
      if (req.file && archivoVacio(req.file)) req.file = undefined;
      if (Array.isArray(req.files)) req.files = req.files.filter((f) => !archivoVacio(f));
      else if (req.files) {
        for (const [campo, archivos] of Object.entries(req.files)) {
          const conContenido = archivos.filter((f) => !archivoVacio(f));
          if (conContenido.length) req.files[campo] = conContenido;
          else delete req.files[campo];
        }
      }
    }
    return next.handle();
  }
}

/** A file part with no name and no bytes: a file input nobody filled in. */
function archivoVacio(archivo: Archivo): boolean {
  return !archivo.originalname && archivo.size === 0;
}
