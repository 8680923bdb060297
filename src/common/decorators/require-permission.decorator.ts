import { SetMetadata } from '@nestjs/common';

export const REQUIRED_PERMISSION = 'requiredPermission';
export const ADMIN_ONLY = 'adminOnly';

/** Permission name '<module>.<action>' checked by the PermissionsGuard (administrators bypass it). */
export const RequirePermission = (name: string) => SetMetadata(REQUIRED_PERMISSION, name);
/** Only rol_id = 1 may call the route. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);
