import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NOTA_ACEPTADA } from '@/common/estados';
import { ColaCorreos } from '@/correos/cola-correos.service';
import { CorreoView } from '@/correos/correo-tipos';
import { validarDestinatarios } from '@/correos/destinatarios';
import { EnviarCorreoDto } from '@/correos/dto/enviar-correo.dto';
import { VentasService } from '@/ventas/ventas.service';
import { buscarNota } from './nota-bloqueo';
import { NotaKind } from './nota-kind';

/** POST /api/notas-credito|notas-debito/{id}/enviar-correo: the accepted note to its sale's client, or to the addresses given. */
@Injectable()
export class NotaCorreoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ventas: VentasService,
    private readonly correos: ColaCorreos,
  ) {}

  async solicitar(kind: NotaKind, empresaId: number, id: number, dto: EnviarCorreoDto): Promise<CorreoView> {
    const destinatarios = validarDestinatarios(dto.destinatarios);
    const nota = await buscarNota(this.dataSource.manager, kind, empresaId, id);
    const idCliente = (await this.ventas.clientesDe(this.dataSource.manager, empresaId, [nota.id_venta])).get(nota.id_venta) ?? null;
    return this.correos.solicitar(empresaId, { tipo: kind.tipoEnvio, idDocumento: id, aceptado: nota.estado === NOTA_ACEPTADA, idCliente, destinatarios });
  }
}
