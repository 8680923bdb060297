import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class ConsultarTicketDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @Matches(/^[0-9A-Za-z-]+$/, { message: 'ticket solo admite letras, números y guiones' })
  ticket: string;
}
