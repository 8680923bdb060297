import { ArrayUnique, IsArray, IsString, Length, Matches } from 'class-validator';

export class ReplacePermissionsDto {
  /** Permission names '<module>.<action>'; the role ends up with exactly these. */
  @IsArray()
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(/^[a-z_]+\.(view|create|edit|delete)$/, { each: true, message: 'cada permiso debe tener la forma <modulo>.<accion>' })
  permissions: string[];
}

export class RoleDto {
  @IsString()
  @Length(1, 100)
  nombre: string;
}
