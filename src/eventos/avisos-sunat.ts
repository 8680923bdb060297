import { Injectable, OnModuleInit } from '@nestjs/common';
import { DespachadorEnvios } from '@/sunat/nest/envios/despachador-envios.service';
import { Eventos } from './eventos.service';

/**
 * `sunat.caida` / `sunat.restablecida`: SUNAT's services are everybody's, so these events belong to no company and go
 * to every endpoint subscribed to them. One per outage whatever the replicas that saw it (keyed by since when it is
 * down, which every process records the same), registered in the transaction that records the service's state.
 */
@Injectable()
export class AvisosSunat implements OnModuleInit {
  constructor(
    private readonly despachador: DespachadorEnvios,
    private readonly eventos: Eventos,
  ) {}

  onModuleInit(): void {
    this.despachador.alCambiarServicio(async (manager, { servicio, caido, desde }) => {
      const caidoDesde = new Date(desde).toISOString();
      await this.eventos.registrar(manager, {
        empresaId: null,
        tipo: caido ? 'sunat.caida' : 'sunat.restablecida',
        recurso: 'servicio_sunat',
        id: servicio,
        clave: `${servicio}:${caidoDesde}`,
        data: caido
          ? { servicio, disponible: false, caido_desde: caidoDesde }
          : { servicio, disponible: true, caido_desde: caidoDesde, restablecido_en: new Date().toISOString() },
      });
    });
  }
}
