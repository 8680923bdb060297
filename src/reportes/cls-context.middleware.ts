import { Injectable, NestMiddleware } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';

/**
 * Opens the request context (nestjs-cls) for the web routes outside /api. ClsModule's own middleware is
 * mounted at '/', which Nest (Express 5) turns into '/api/' and whose match does not reach the routes
 * excluded from the global prefix, so without this the AuthGuard cannot store the caller (500).
 * A no-op when a context is already open (if the mount is fixed upstream).
 */
@Injectable()
export class ClsContextMiddleware implements NestMiddleware {
  constructor(private readonly cls: ClsService) {}

  use(_req: unknown, _res: unknown, next: (error?: unknown) => void): void {
    if (this.cls.isActive()) return next();
    this.cls.run(() => next());
  }
}
