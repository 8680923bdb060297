import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SUNAT_ACEPTADA, VENTA_ACTIVA } from '@/common/estados';
import { Venta } from '@/ventas/entities/venta.entity';
import { BOLETA } from '@/ventas/tipos-documento';
import { NOTA_CREDITO } from '@/notas-credito/nota-credito.kind';
import { NOTA_DEBITO } from '@/notas-debito/nota-debito.kind';
import { ColaEnvios } from '@/sunat/nest/envios/cola-envios.service';
import { desenlaceDeBill } from '@/sunat/nest/envios/desenlace-de-bill';
import { AdaptadorEnvio, Desenlace, EnvioPendiente } from '@/sunat/nest/envios/envio-tipos';
import { NotaEnvioService } from './nota-envio.service';
import { NotaKind } from './nota-kind';
import { MSG_NOTA } from './nota-messages';

/** One note kind in the send queue: sent as POST /api/{ruta}/{id}/enviar sends it; interrupted sends settled by getStatusCdr. */
export class NotaEnvioAdaptador implements AdaptadorEnvio {
  readonly tipo: NotaKind['tipoEnvio'];

  constructor(
    private readonly kind: NotaKind,
    private readonly envio: NotaEnvioService,
    private readonly dataSource: DataSource,
  ) {
    this.tipo = kind.tipoEnvio;
  }

  async enviar(envio: EnvioPendiente): Promise<Desenlace> {
    const espera = await this.boletaPorInformar(envio.idDocumento);
    if (espera) return { kind: 'ocupado', error: espera };
    return desenlaceDeBill(() => this.envio.enviar(this.kind, envio.empresaId, envio.idDocumento), MSG_NOTA.enviando);
  }

  /**
   * A note of a boleta SUNAT does not hold yet (its daily summary not accepted) waits for it: SUNAT checks the
   * document a note modifies. The reason it waits, or null when it can go.
   */
  private async boletaPorInformar(id: number): Promise<string | null> {
    const nota = await this.dataSource.getRepository(this.kind.entity).findOne({ where: { id }, select: { id: true, id_venta: true } });
    const venta = nota ? await this.dataSource.getRepository(Venta).findOne({ where: { id_venta: nota.id_venta } }) : null;
    if (!venta || venta.tipo_documento !== BOLETA || venta.estado !== VENTA_ACTIVA || venta.estado_sunat === SUNAT_ACEPTADA) return null;
    return `Espera que SUNAT acepte la boleta ${venta.numero_completo} en su resumen diario.`;
  }

  conciliar(): Promise<number> {
    return this.envio.reconciliar(this.kind);
  }
}

/** Registers credit and debit notes with the send queue. */
@Injectable()
export class NotaEnvioRegistro implements OnModuleInit {
  constructor(
    private readonly cola: ColaEnvios,
    private readonly envio: NotaEnvioService,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    for (const kind of [NOTA_CREDITO, NOTA_DEBITO]) this.cola.registrar(new NotaEnvioAdaptador(kind, this.envio, this.dataSource));
  }
}
