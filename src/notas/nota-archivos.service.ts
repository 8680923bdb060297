import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { documentNameOf } from '@/sunat/nest/storage-keys';
import { buscarNota } from './nota-bloqueo';
import { NotaKind } from './nota-kind';
import { archivoNoEncontrado } from './nota-messages';

export interface ArchivoNota {
  /** Built from the stored name, never from request input. */
  nombre: string;
  contentType: 'application/xml' | 'application/zip';
  data: Buffer;
}

/** GET xml/{nombre} and {id}/cdr: only files of the active company's notes of this kind. */
@Injectable()
export class NotaArchivosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly issuer: DocumentIssuer,
  ) {}

  /**
   * The signed XML by its exact stored name. A name that is not a document name ('../x', other types)
   * or that no note of the company carries is 404: nothing is read from storage for it.
   */
  async xml(kind: NotaKind, empresaId: number, nombre: string): Promise<ArchivoNota> {
    const name = documentNameOf(nombre);
    const nota = name ? await this.dataSource.manager.findOne(kind.entity, { where: { id_empresa: empresaId, nombre_xml: `${name}.xml` } }) : null;
    const data = nota && name ? await this.issuer.readXml(empresaId, name) : null;
    if (!nota || !name || !data) throw archivoNoEncontrado('XML');
    return { nombre: `${name}.xml`, contentType: 'application/xml', data };
  }

  async cdr(kind: NotaKind, empresaId: number, id: number): Promise<ArchivoNota> {
    const nota = await buscarNota(this.dataSource.manager, kind, empresaId, id);
    const name = nota.nombre_xml ? documentNameOf(nota.nombre_xml) : null;
    const data = name ? await this.issuer.readCdr(empresaId, name) : null;
    if (!name || !data) throw archivoNoEncontrado('CDR');
    return { nombre: `R-${name}.zip`, contentType: 'application/zip', data };
  }
}
