import { Injectable, NotFoundException, StreamableFile } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { LINEA_ADICION, LINEA_MODIFICACION, LOTE_ACEPTADO } from '@/common/estados';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat, TipoLote } from './entities/lote-sunat.entity';

export interface ArchivoLote {
  /** Built from the stored record, never from request input. */
  nombre: string;
  contentType: 'application/xml' | 'application/zip';
  data: Buffer;
}

/** SPEC.md's file names of the flow: {RUC}-RC|RA-{YYYYMMDD}-{3-digit correlative}, '.xml' optional. */
const NOMBRE: Record<TipoLote, RegExp> = {
  RC: /^(\d{11}-RC-\d{8}-\d{3})(\.xml)?$/,
  RA: /^(\d{11}-RA-\d{8}-\d{3})(\.xml)?$/,
};

/** The XML is shown (inline), the CDR downloaded (attachment), as for notes and guides. */
export function archivoLote(a: ArchivoLote): StreamableFile {
  const type = a.contentType === 'application/xml' ? 'application/xml; charset=utf-8' : a.contentType;
  const disposition = a.contentType === 'application/xml' ? 'inline' : 'attachment';
  return new StreamableFile(a.data, { type, disposition: `${disposition}; filename="${a.nombre}"`, length: a.data.length });
}

const noEncontrado = (que: 'XML' | 'CDR') => new NotFoundException({ success: false, message: `${que} no encontrado.` });

/**
 * GET /api/resumen-diario/{xml|cdr}/{nombre} and /api/comunicacion-baja/{xml|cdr}/{nombre}: the files of one of
 * the active company's batches of that type. A name outside the pattern, another type's batch, another
 * company's batch or a missing file is 404, and nothing is read from storage for a name that is not a batch.
 */
@Injectable()
export class LoteArchivosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly issuer: DocumentIssuer,
  ) {}

  async xml(tipo: TipoLote, empresaId: number, nombre: string): Promise<ArchivoLote> {
    const lote = await this.lote(tipo, empresaId, nombre);
    const name = lote?.nombre_archivo.replace(/\.xml$/, '');
    const data = name ? await this.issuer.readXml(empresaId, name) : null;
    if (!name || !data) throw noEncontrado('XML');
    return { nombre: `${name}.xml`, contentType: 'application/xml', data };
  }

  /** SUNAT's receipt of the batch's ticket, stored as R-ticket-{ticket}.zip once the final answer came. */
  async cdr(tipo: TipoLote, empresaId: number, nombre: string): Promise<ArchivoLote> {
    const lote = await this.lote(tipo, empresaId, nombre);
    const ticket = lote?.cdr_url && lote.ticket ? `ticket-${lote.ticket.replace(/[^0-9A-Za-z-]/g, '')}` : null;
    const data = ticket ? await this.issuer.readCdr(empresaId, ticket) : null;
    if (!ticket || !data) throw noEncontrado('CDR');
    return { nombre: `R-${ticket}.zip`, contentType: 'application/zip', data };
  }

  /**
   * A boleta has no receipt of its own: SUNAT answers for the daily summary that reported it. This is the CDR of the
   * last accepted RC whose line reported the boleta (status '1' or '2'), the file GET …/resumen-diario/cdr/{nombre} serves.
   */
  async cdrDeBoleta(empresaId: number, idVenta: number): Promise<ArchivoLote> {
    const lote = await this.dataSource
      .getRepository(LoteSunat)
      .createQueryBuilder('l')
      .innerJoin(LoteSunatItem, 'i', 'i.id_lote = l.id')
      .where('l.id_empresa = :empresaId AND l.tipo = :tipo AND l.estado = :estado', { empresaId, tipo: 'RC', estado: LOTE_ACEPTADO })
      .andWhere('i.id_venta = :idVenta AND i.estado_linea IN (:...lineas)', { idVenta, lineas: [LINEA_ADICION, LINEA_MODIFICACION] })
      .orderBy('l.id', 'DESC')
      .getOne();
    if (!lote) throw noEncontrado('CDR');
    return this.cdr('RC', empresaId, lote.nombre_archivo);
  }

  private async lote(tipo: TipoLote, empresaId: number, nombre: string): Promise<LoteSunat | null> {
    const match = NOMBRE[tipo].exec(nombre);
    if (!match) return null;
    return this.dataSource.manager.findOne(LoteSunat, { where: { id_empresa: empresaId, tipo, nombre_archivo: `${match[1]}.xml` } });
  }
}
