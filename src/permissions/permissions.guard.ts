import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ClsService } from 'nestjs-cls';
import { AppClsStore } from '@/common/context/request-context';
import { IS_PUBLIC } from '@/common/decorators/public.decorator';
import { ADMIN_ONLY, REQUIRED_PERMISSION } from '@/common/decorators/require-permission.decorator';
import { forbidden } from '@/common/errors/http-errors';

/**
 * SPEC.md "Authentication" point 5, after the AuthGuard has answered 401: administrators (rol_id 1)
 * pass, a role without the route's permission gets 403, everyone else proceeds.
 */
@Injectable()
export class PermissionsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly cls: ClsService<AppClsStore>,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const auth = this.cls.get('principal');
    if (!auth) return false;
    if (auth.isAdmin) return true;
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets)) throw forbidden();
    const required = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_PERMISSION, targets);
    if (required && !auth.permissions.includes(required)) throw forbidden();
    return true;
  }
}
