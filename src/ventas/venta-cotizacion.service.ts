import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CotizacionesService } from '@/cotizaciones/cotizaciones.service';

/**
 * SPEC "Quotation estado": a sale created from a quotation marks it aprobada when it has id_cliente.
 * A quotation that is not the company's is a 422 on cotizacion_id and the sale rolls back.
 */
@Injectable()
export class VentaCotizacionService {
  constructor(private readonly cotizaciones: CotizacionesService) {}

  aprobar(manager: EntityManager, empresaId: number, cotizacionId: number): Promise<void> {
    return this.cotizaciones.approveFromSale(manager, empresaId, cotizacionId);
  }
}
