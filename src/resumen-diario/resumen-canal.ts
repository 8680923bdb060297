import { Injectable } from '@nestjs/common';
import { CanalAnulacion, DocumentoBaja, EnvioBaja, envioBaja } from '@/anulacion/canales-anulacion';
import { AuthContext } from '@/common/context/request-context';
import { ResumenDiarioService } from './resumen-diario.service';

/**
 * The RC channel of POST /api/ventas/{id}/anular: this flow's /anular request (line status 3) for one boleta, in the
 * summary of its issue date. An RC line carries no reason: the motivo is not sent.
 */
@Injectable()
export class ResumenCanal implements CanalAnulacion {
  constructor(private readonly resumenes: ResumenDiarioService) {}

  async enviar(auth: AuthContext, documento: DocumentoBaja): Promise<EnvioBaja> {
    return envioBaja(await this.resumenes.anular(auth, { ids: [documento.id], fecha_resumen: documento.fecha_emision }));
  }
}
