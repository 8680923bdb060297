import { SetMetadata } from '@nestjs/common';
import type { PermissionName } from '@/permissions/permission-names';

export const REQUIRED_PERMISSION = 'requiredPermission';
export const ADMIN_ONLY = 'adminOnly';

/**
 * Permission name '<module>.<action>' checked by the PermissionsGuard (administrators bypass it). Only the
 * names of `PERMISSIONS` (src/permissions/permission-names.ts) type-check.
 */
export const RequirePermission = (name: PermissionName) => SetMetadata(REQUIRED_PERMISSION, name);
/** Only rol_id = 1 may call the route. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);
