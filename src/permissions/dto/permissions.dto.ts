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
  /** Permission names of `PERMISSIONS` ('<module>.<action>'); the role ends up with exactly these. */
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
   * Administrators only: the company the new role belongs to (absent: a global role). Others always create
   * roles of their own company; the value is ignored for them. A role never changes company.
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT4)
  id_empresa?: number;
}
