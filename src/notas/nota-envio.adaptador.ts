import { Injectable, OnModuleInit } from '@nestjs/common';
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
  ) {
    this.tipo = kind.tipoEnvio;
  }

  enviar(envio: EnvioPendiente): Promise<Desenlace> {
    return desenlaceDeBill(() => this.envio.enviar(this.kind, envio.empresaId, envio.idDocumento), MSG_NOTA.enviando);
  }

  conciliar(): Promise<number> {
    return this.envio.reconciliar(this.kind);
  }
}

/** Registers credit and debit notes (of facturas; those of boletas are never queued) with the send queue. */
@Injectable()
export class NotaEnvioRegistro implements OnModuleInit {
  constructor(
    private readonly cola: ColaEnvios,
    private readonly envio: NotaEnvioService,
  ) {}

  onModuleInit(): void {
    for (const kind of [NOTA_CREDITO, NOTA_DEBITO]) this.cola.registrar(new NotaEnvioAdaptador(kind, this.envio));
  }
}
