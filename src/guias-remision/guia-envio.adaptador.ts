import { Injectable, OnModuleInit } from '@nestjs/common';
import { ColaEnvios } from '@/sunat/nest/envios/cola-envios.service';
import { AdaptadorEnvio, Desenlace, EnvioPendiente } from '@/sunat/nest/envios/envio-tipos';
import { desenlaceDeGuia } from './desenlace-de-guia';
import { GuiaEnvioService } from './guia-envio.service';

/**
 * Guides in the send queue: uploaded as POST /api/guias-remision/{id}/enviar uploads them; the ticket poller takes
 * it from there. No reconciliation: the GRE API has no query by serie-número, and a second upload of the same
 * signed guide is answered with the guide SUNAT already registered (a new ticket, the same verdict).
 */
@Injectable()
export class GuiaEnvioAdaptador implements AdaptadorEnvio, OnModuleInit {
  readonly tipo = 'guia' as const;

  constructor(
    private readonly cola: ColaEnvios,
    private readonly envio: GuiaEnvioService,
  ) {}

  onModuleInit(): void {
    this.cola.registrar(this);
  }

  enviar(envio: EnvioPendiente): Promise<Desenlace> {
    return desenlaceDeGuia(() => this.envio.subir(envio.empresaId, envio.idDocumento));
  }
}
