import { Injectable } from '@nestjs/common';
import { anulacionEnCurso, anulacionLocal, RespuestaAnulacion } from '@/anulacion/anulacion-respuesta';
import { fueraDelPlazo, MSG_ANULACION } from '@/anulacion/anulacion-textos';
import { CanalesAnulacion } from '@/anulacion/canales-anulacion';
import { AuthContext } from '@/common/context/request-context';
import { conflict, unprocessable } from '@/common/errors/http-errors';
import { NOTA_ACEPTADA, NOTA_ANULADA, NOTA_PENDIENTE } from '@/common/estados';
import { anulaElDocumento } from '@/lotes-sunat/lote-de-documento';
import { documentoEnLotePendiente } from '@/lotes-sunat/lote-pendiente';
import { NotaConsultaService } from './nota-consulta.service';
import { NotaKind } from './nota-kind';
import { NotaView } from './nota.mapper';

/** The affected sale's cod_sunat of a note to a boleta (serie BC01/BD01). */
const AFECTA_BOLETA = '03';

/**
 * POST /api/notas-credito|notas-debito/{id}/anular (docs/API.md "Voids without choosing the channel"). An accepted
 * note to a factura is voided by an RA (the notes' path of comunicacion-baja); one to a boleta would need an RC line,
 * which the summary flow does not carry for notes (422). Notes have no local annulment (409 while never sent).
 */
@Injectable()
export class NotaAnulacionService {
  constructor(
    private readonly consulta: NotaConsultaService,
    private readonly canales: CanalesAnulacion,
  ) {}

  async anular(kind: NotaKind, auth: AuthContext, id: number, motivo: string): Promise<RespuestaAnulacion<NotaView>> {
    const nota = await this.consulta.detalle(kind, auth.empresaId, id);
    const lote = await this.canales.lotePendiente({ tipo: kind.tipo, id });
    if (lote && anulaElDocumento(lote)) return anulacionEnCurso(lote, nota);
    if (nota.estado === NOTA_ANULADA) return anulacionLocal(MSG_ANULACION.notaYaAnulada, nota);
    if (lote) throw conflict(documentoEnLotePendiente(nota.numero_completo, lote.nombre_archivo));
    if (nota.estado === NOTA_PENDIENTE) throw conflict(MSG_ANULACION.notaSinEnviar);
    if (nota.estado !== NOTA_ACEPTADA) throw conflict(MSG_ANULACION.notaRechazada);
    if (nota.tipo_doc_afectado === AFECTA_BOLETA) throw unprocessable(MSG_ANULACION.notaDeBoleta(nota.numero_completo));
    // what reverses a note out of time: the opposite note
    if (fueraDelPlazo(nota.fecha_emision)) throw unprocessable(MSG_ANULACION.fueraDePlazo(kind.tipo === 'NC' ? 'débito' : 'crédito', 'revertirla'));
    return this.canales.anular('RA', auth, { tipo: kind.tipo, id, fecha_emision: nota.fecha_emision }, motivo, () =>
      this.consulta.detalle(kind, auth.empresaId, id),
    );
  }
}
