import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidationArguments } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { isPermissionName, PERMISSIONS } from '../permission-names';

/** Names the unknown ones, as the service does: 'Permisos desconocidos: inventado.view'. */
const permisosDesconocidos = (args: ValidationArguments): string => {
  const values: unknown[] = Array.isArray(args.value) ? args.value : [args.value];
  return `Permisos desconocidos: ${values
    .filter((v) => !isPermissionName(v))
    .map(String)
    .join(', ')}`;
};

export class ReplacePermissionsDto {
  /** Nombres de permiso ('<modulo>.<accion>', ver `GET /api/permissions`); el rol queda exactamente con estos. */
  @IsArray()
  @ArrayMaxSize(100)
  @ArrayUnique()
  @IsString({ each: true })
  @IsIn(PERMISSIONS, { each: true, message: permisosDesconocidos })
  permissions: string[];
}

export class RoleDto {
  @IsString()
  @Length(1, 100)
  nombre: string;

  /**
   * Solo administradores: la empresa del rol nuevo (sin ella, un rol global). Los demás siempre crean roles de su
   * propia empresa y el valor se ignora. Un rol nunca cambia de empresa.
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  id_empresa?: number;
}
