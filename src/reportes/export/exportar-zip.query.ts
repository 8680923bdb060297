import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { FECHA } from '@/ventas/dto/create-venta.dto';

/** GET /api/ventas/exportar-zip: the period, both days included (a month, for the accountant). */
export class ExportarZipQueryDto {
  @ApiProperty({ example: '2025-01-01' })
  @Matches(FECHA, { message: 'desde debe tener el formato YYYY-MM-DD' })
  desde!: string;

  @ApiProperty({ example: '2025-01-31' })
  @Matches(FECHA, { message: 'hasta debe tener el formato YYYY-MM-DD' })
  hasta!: string;
}
