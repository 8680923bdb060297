import { Matches } from 'class-validator';

const FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export class CrearConciliacionDto {
  /** Primera fecha de emisión revisada (YYYY-MM-DD). */
  @Matches(FECHA, { message: 'desde debe tener el formato YYYY-MM-DD' })
  desde: string;

  /** Última fecha de emisión revisada (YYYY-MM-DD), desde o después; el rango abarca a lo más 31 días. */
  @Matches(FECHA, { message: 'hasta debe tener el formato YYYY-MM-DD' })
  hasta: string;
}
