import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_DESTINATARIOS } from '../correo-tipos';

/** POST …/enviar-correo. Each address is checked as an e-mail by the service, which names the bad one (`destinatarios.N`). */
export class EnviarCorreoDto {
  /** Correos de destino (1 a 10); por defecto, el email del cliente del comprobante. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_DESTINATARIOS)
  @IsString({ each: true })
  @MaxLength(254, { each: true })
  destinatarios?: string[];
}
