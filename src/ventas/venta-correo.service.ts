import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { assertSameEmpresa } from '@/common/errors/http-errors';
import { SUNAT_ACEPTADA } from '@/common/estados';
import { ColaCorreos } from '@/correos/cola-correos.service';
import { CorreoView } from '@/correos/correo-tipos';
import { validarDestinatarios } from '@/correos/destinatarios';
import { EnviarCorreoDto } from '@/correos/dto/enviar-correo.dto';
import { Venta } from './entities/venta.entity';
import { RECURSO_VENTA } from './venta-consulta.service';

/** POST /api/ventas/{id}/enviar-correo: the accepted sale (factura or boleta) to its client, or to the addresses given. */
@Injectable()
export class VentaCorreoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly correos: ColaCorreos,
  ) {}

  async solicitar(empresaId: number, id: number, dto: EnviarCorreoDto): Promise<CorreoView> {
    const destinatarios = validarDestinatarios(dto.destinatarios);
    const venta = assertSameEmpresa(await this.dataSource.manager.findOne(Venta, { where: { id_venta: id } }), empresaId, RECURSO_VENTA);
    return this.correos.solicitar(empresaId, {
      tipo: 'venta',
      idDocumento: id,
      aceptado: venta.estado_sunat === SUNAT_ACEPTADA,
      idCliente: venta.id_cliente,
      destinatarios,
    });
  }
}
