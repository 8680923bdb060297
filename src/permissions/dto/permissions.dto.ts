import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';

export class ReplacePermissionsDto {
  /** Permission names '<module>.<action>'; the role ends up with exactly these. */
  @IsArray()
  @ArrayMaxSize(100)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(/^[a-z_]+\.(view|create|edit|delete)$/, { each: true, message: 'cada permiso debe tener la forma <modulo>.<accion>' })
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
