import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { enEspera, fallidos } from './cola-empresa.query';
import { documentosPorVencer } from './por-vencer.query';
import { servicios } from './servicios.query';
import type { PorVencerView, SunatEstadoView } from './sunat-estado.view';

/** Where the company stands with SUNAT: its services, the company's send queue and its deadlines about to end. */
@Injectable()
export class SunatEstadoService {
  constructor(private readonly dataSource: DataSource) {}

  async estado(empresaId: number, now = new Date()): Promise<SunatEstadoView> {
    const [serviciosSunat, espera, nFallidos, porVencer] = await Promise.all([
      servicios(this.dataSource),
      enEspera(this.dataSource, empresaId),
      fallidos(this.dataSource, empresaId),
      documentosPorVencer(this.dataSource, empresaId, now),
    ]);
    return { servicios: serviciosSunat, en_espera: espera, fallidos: nFallidos, por_vencer: porVencer, generado_en: now.toISOString() };
  }

  /** The company's documents whose deadline to reach SUNAT ends within 24 hours (the deadline events). */
  porVencer(empresaId: number, now = new Date()): Promise<PorVencerView> {
    return documentosPorVencer(this.dataSource, empresaId, now);
  }
}
