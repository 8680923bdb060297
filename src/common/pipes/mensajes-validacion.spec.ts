import { IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsString, MaxLength, Min, ValidateNested, validateSync, ArrayMinSize } from 'class-validator';
import { plainToInstance, Type } from 'class-transformer';
import { flattenValidationErrors } from './validation.pipe';
import { traducirMensaje } from './mensajes-validacion';

class Linea {
  @IsInt() @Min(1) cantidad: number;
}

class Cuerpo {
  @IsString() @MaxLength(5) nombre: string;
  @IsIn(['01', '02']) modo: string;
  @IsBoolean() activo: boolean;
  @IsEmail() email: string;
  @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => Linea) lineas: Linea[];
  @IsString({ message: 'mensaje propio' }) propio: string;
}

describe('Spanish validation messages', () => {
  it('rewrites class-validator defaults and keeps messages a DTO sets itself', () => {
    const body = plainToInstance(Cuerpo, { nombre: 'demasiado largo', modo: '03', activo: 'si', email: 'x', lineas: [{ cantidad: 0 }], propio: 1 });
    const errors = flattenValidationErrors(validateSync(body, { whitelist: true, forbidNonWhitelisted: true }));
    expect(errors).toEqual({
      nombre: ['nombre no debe superar 5 caracteres.'],
      modo: ['modo debe ser uno de: 01, 02.'],
      activo: ['activo debe ser verdadero o falso.'],
      email: ['email debe ser un correo electrónico válido.'],
      'lineas.0.cantidad': ['cantidad no debe ser menor que 1.'],
      propio: ['mensaje propio'],
    });
  });

  it('a field left out or null: one message, `<campo> es obligatorio.`; a bound of 1e-10 reads "mayor que 0"', () => {
    const body = plainToInstance(Cuerpo, { nombre: null, modo: '01', activo: true, email: 'a@b.pe', lineas: [{}], propio: 'x' });
    expect(flattenValidationErrors(validateSync(body))).toEqual({ nombre: ['nombre es obligatorio.'], 'lineas.0.cantidad': ['cantidad es obligatorio.'] });
    expect(traducirMensaje('cantidad must not be less than 1e-10')).toBe('cantidad debe ser mayor que 0.');
    expect(traducirMensaje('cantidad must not be less than 1')).toBe('cantidad no debe ser menor que 1.');
  });

  it('names an unknown field in Spanish', () => {
    expect(traducirMensaje('property hack should not exist')).toBe('El campo hack no está permitido.');
    expect(traducirMensaje('Texto ya en español.')).toBe('Texto ya en español.');
  });
});
