import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { documentNameOf } from '@/sunat/nest/storage-keys';
import { GuiaRemision } from './entities/guia-remision.entity';
import { GUIA_MSG } from './guia-messages';
import { baseNameOf, TIPO_GUIA } from './guia-paths';
import { GuiaConsultaService } from './guia-consulta.service';

export interface ArchivoGuia {
  nombre: string;
  contenido: Buffer;
}

const notFoundMsg = (message: string) => new NotFoundException({ success: false, message });

/** Downloads: the signed XML by its file name and the CDR zip of a guide, only of the active company. */
@Injectable()
export class GuiaArchivosService {
  constructor(
    @InjectRepository(GuiaRemision) private readonly guias: Repository<GuiaRemision>,
    private readonly query: GuiaConsultaService,
    private readonly issuer: DocumentIssuer,
  ) {}

  async cdr(empresaId: number, id: number): Promise<ArchivoGuia> {
    const guia = await this.query.get(empresaId, id);
    const name = baseNameOf(guia);
    const zip = guia.cdr_url && name ? await this.issuer.readCdr(empresaId, name) : null;
    if (!zip || !name) throw notFoundMsg(GUIA_MSG.cdrNoEncontrado);
    return { nombre: `R-${name}.zip`, contenido: zip };
  }

  /**
   * The name is checked against SUNAT's pattern (no path can be built from it) and must belong to one
   * of the active company's guides; another company's name is simply not found (404, nothing leaks).
   */
  async xml(empresaId: number, nombre: string): Promise<ArchivoGuia> {
    const name = documentNameOf(nombre);
    if (!name || name.split('-')[1] !== TIPO_GUIA) throw notFoundMsg(GUIA_MSG.xmlNoEncontrado);
    const guia = await this.guias.findOne({ where: { id_empresa: empresaId, nombre_xml: `${name}.xml` } });
    const xml = guia ? await this.issuer.readXml(empresaId, name) : null;
    if (!xml) throw notFoundMsg(GUIA_MSG.xmlNoEncontrado);
    return { nombre: `${name}.xml`, contenido: xml };
  }
}
