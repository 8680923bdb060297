import { Injectable } from '@nestjs/common';
import { CanalAnulacion, DocumentoBaja, EnvioBaja, envioBaja } from '@/anulacion/canales-anulacion';
import { AuthContext } from '@/common/context/request-context';
import { ComunicacionBajaService } from './comunicacion-baja.service';

const CAMPO = { venta: 'id_venta', NC: 'id_nota_credito', ND: 'id_nota_debito' } as const;

/** The RA channel of POST /api/ventas|notas-credito|notas-debito/{id}/anular: this flow's own request, for one document. */
@Injectable()
export class BajaCanal implements CanalAnulacion {
  constructor(private readonly bajas: ComunicacionBajaService) {}

  async enviar(auth: AuthContext, documento: DocumentoBaja, motivo: string): Promise<EnvioBaja> {
    return envioBaja(await this.bajas.enviar(auth, { documentos: [{ [CAMPO[documento.tipo]]: documento.id, motivo }] }));
  }
}
