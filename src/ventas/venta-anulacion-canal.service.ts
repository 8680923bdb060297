import { Injectable } from '@nestjs/common';
import { anulacionEnCurso, anulacionLocal, RespuestaAnulacion } from '@/anulacion/anulacion-respuesta';
import { fueraDelPlazo, MSG_ANULACION } from '@/anulacion/anulacion-textos';
import { CanalBaja, CanalesAnulacion } from '@/anulacion/canales-anulacion';
import { AuthContext } from '@/common/context/request-context';
import { conflict, unprocessable } from '@/common/errors/http-errors';
import { SUNAT_ACEPTADA, SUNAT_EN_PROCESO, SUNAT_PENDIENTE, VENTA_ANULADA } from '@/common/estados';
import { anulaElDocumento } from '@/lotes-sunat/lote-de-documento';
import { documentoEnLotePendiente } from '@/lotes-sunat/lote-pendiente';
import { VentaView } from './dto/venta-view';
import { VentaAnulacionService } from './venta-anulacion.service';
import { MSG_VENTA } from './venta-bloqueo';
import { VentaConsultaService } from './venta-consulta.service';

/** An accepted factura is voided by an RA, an accepted boleta by an RC line with status 3. */
const CANAL: Readonly<Record<string, CanalBaja>> = { '01': 'RA', '03': 'RC' };

/**
 * POST /api/ventas/{id}/anular: the channel follows from the sale's kind, state and deadline (docs/API.md "Voids
 * without choosing the channel"). Never sent: local annulment. Accepted: RA or RC through their own flows, inside
 * the deadline. A void already on its way or done is answered as it stands, and never sent twice.
 */
@Injectable()
export class VentaAnulacionCanalService {
  constructor(
    private readonly consulta: VentaConsultaService,
    private readonly local: VentaAnulacionService,
    private readonly canales: CanalesAnulacion,
  ) {}

  async anular(auth: AuthContext, id: number, motivo: string): Promise<RespuestaAnulacion<VentaView>> {
    const venta = await this.consulta.get(auth.empresaId, id);
    const lote = await this.canales.lotePendiente({ tipo: 'venta', id });
    if (lote && anulaElDocumento(lote)) return anulacionEnCurso(lote, venta);
    if (venta.estado === VENTA_ANULADA) return anulacionLocal(MSG_ANULACION.ventaYaAnulada, venta);
    if (lote) throw conflict(documentoEnLotePendiente(venta.numero_completo, lote.nombre_archivo));
    if (venta.estado_sunat === SUNAT_PENDIENTE) {
      const anulada = await this.local.anular(auth, id);
      return anulacionLocal(anulada.yaAnulada ? MSG_ANULACION.ventaYaAnulada : MSG_ANULACION.ventaAnulada, anulada.venta);
    }
    if (venta.estado_sunat === SUNAT_EN_PROCESO) throw conflict(MSG_VENTA.enProceso);
    const canal = CANAL[venta.tipoDocumento.cod_sunat];
    // rejected ('2'): SUNAT holds nothing to void and the number is spent
    if (venta.estado_sunat !== SUNAT_ACEPTADA || !canal) throw conflict(MSG_VENTA.yaEnviada);
    if (fueraDelPlazo(venta.fecha_emision)) throw unprocessable(MSG_ANULACION.fueraDePlazo('crédito', 'anularla'));
    return this.canales.anular(canal, auth, { tipo: 'venta', id, fecha_emision: venta.fecha_emision }, motivo, () => this.consulta.get(auth.empresaId, id));
  }
}
