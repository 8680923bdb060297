import { CreateNotaDto } from '@/notas/dto/create-nota.dto';

/** POST /api/notas-credito: id_venta, motivo_id, optional descripcion_motivo (amounts come from the sale). */
export class CreateNotaCreditoDto extends CreateNotaDto {}
