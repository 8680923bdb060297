import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { assertSameEmpresa } from '@/common/errors/http-errors';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { documentNameOf } from '@/sunat/nest/storage-keys';
import { Venta } from './entities/venta.entity';
import { RECURSO_VENTA } from './venta-consulta.service';

export interface ArchivoVenta {
  /** Built from the stored document name (never from request input). */
  nombre: string;
  contentType: 'application/xml' | 'application/zip';
  data: Buffer;
}

const noGenerado = (que: string) => new NotFoundException({ success: false, message: `${que} no encontrado.` });

/** GET /api/ventas/{id}/xml and /cdr: the stored signed XML and SUNAT's receipt zip. */
@Injectable()
export class VentaArchivosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly issuer: DocumentIssuer,
  ) {}

  async xml(empresaId: number, id: number): Promise<ArchivoVenta> {
    const name = await this.nombre(empresaId, id);
    const data = name ? await this.issuer.readXml(empresaId, name) : null;
    if (!name || !data) throw noGenerado('XML');
    return { nombre: `${name}.xml`, contentType: 'application/xml', data };
  }

  async cdr(empresaId: number, id: number): Promise<ArchivoVenta> {
    const name = await this.nombre(empresaId, id);
    const data = name ? await this.issuer.readCdr(empresaId, name) : null;
    if (!name || !data) throw noGenerado('CDR');
    return { nombre: `R-${name}.zip`, contentType: 'application/zip', data };
  }

  private async nombre(empresaId: number, id: number): Promise<string | null> {
    const venta = assertSameEmpresa(await this.dataSource.manager.findOne(Venta, { where: { id_venta: id } }), empresaId, RECURSO_VENTA);
    return venta.nombre_xml ? documentNameOf(venta.nombre_xml) : null;
  }
}
