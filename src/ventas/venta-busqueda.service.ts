import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { VentaView } from './dto/venta-view';
import { Venta } from './entities/venta.entity';
import { VentaViewService } from './venta-view.service';

/** Look-ups of a company's sale by its document number (notes' buscar-venta). */
@Injectable()
export class VentaBusquedaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly loader: VentaViewService,
  ) {}

  /** The company's sale with that series and number (any document type), or null. */
  async findBySerieNumero(empresaId: number, serie: string, numero: number): Promise<VentaView | null> {
    const venta = await this.dataSource.manager.findOne(Venta, { where: { id_empresa: empresaId, serie, numero }, order: { id_venta: 'ASC' } });
    return venta ? this.loader.load(this.dataSource.manager, venta) : null;
  }
}
