import { Injectable, OnModuleInit } from '@nestjs/common';
import { ColaEnvios } from '@/sunat/nest/envios/cola-envios.service';
import { desenlaceDeBill } from '@/sunat/nest/envios/desenlace-de-bill';
import { AdaptadorEnvio, Desenlace, EnvioPendiente } from '@/sunat/nest/envios/envio-tipos';
import { MSG_VENTA } from './venta-bloqueo';
import { VentaEnvioService } from './venta-envio.service';

/** Facturas in the send queue: sent as POST /api/ventas/{id}/enviar sends them; interrupted sends settled by getStatusCdr. */
@Injectable()
export class VentaEnvioAdaptador implements AdaptadorEnvio, OnModuleInit {
  readonly tipo = 'venta' as const;

  constructor(
    private readonly cola: ColaEnvios,
    private readonly envio: VentaEnvioService,
  ) {}

  onModuleInit(): void {
    this.cola.registrar(this);
  }

  enviar(envio: EnvioPendiente): Promise<Desenlace> {
    return desenlaceDeBill(() => this.envio.enviar(envio.empresaId, envio.idDocumento), MSG_VENTA.enviando);
  }

  conciliar(): Promise<number> {
    return this.envio.reconciliarInterrumpidas();
  }
}
