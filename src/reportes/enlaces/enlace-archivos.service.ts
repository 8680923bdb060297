import { Injectable } from '@nestjs/common';
import { NotaServicios } from '@/notas/nota-servicios';
import { NOTA_CREDITO } from '@/notas-credito/nota-credito.kind';
import { NOTA_DEBITO } from '@/notas-debito/nota-debito.kind';
import { NotaKind } from '@/notas/nota-kind';
import { archivoNoEncontrado } from '@/notas/nota-messages';
import { VentaArchivosService } from '@/ventas/venta-archivos.service';
import { PdfFile } from '../pdf/pdf-file';
import { ReportesPdfService } from '../reportes-pdf.service';
import { ArchivoEnlace, TipoEnlace } from './enlace-recursos';

const pdf = (file: PdfFile): ArchivoEnlace => ({ nombre: file.nombre, contentType: 'application/pdf', disposition: 'inline', data: file.data });
const xml = (a: { nombre: string; data: Buffer }): ArchivoEnlace => ({ nombre: a.nombre, contentType: 'application/xml', disposition: 'inline', data: a.data });
const zip = (a: { nombre: string; data: Buffer }): ArchivoEnlace => ({
  nombre: a.nombre,
  contentType: 'application/zip',
  disposition: 'attachment',
  data: a.data,
});

/**
 * The file one link names, read through the same services as its normal route: the company rules
 * (another company's record is 403, a missing one 404) and file names are theirs.
 */
@Injectable()
export class EnlaceArchivosService {
  constructor(
    private readonly pdfs: ReportesPdfService,
    private readonly ventas: VentaArchivosService,
    private readonly notas: NotaServicios,
  ) {}

  async leer(tipo: TipoEnlace, empresaId: number, id: number): Promise<ArchivoEnlace> {
    switch (tipo) {
      case 'venta-pdf':
        return pdf(await this.pdfs.venta(empresaId, id, 'a4'));
      case 'venta-ticket':
        return pdf(await this.pdfs.venta(empresaId, id, 'ticket'));
      case 'venta-xml':
        return xml(await this.ventas.xml(empresaId, id));
      case 'venta-cdr':
        return zip(await this.ventas.cdr(empresaId, id));
      case 'nota-credito-pdf':
        return pdf(await this.pdfs.nota('07', empresaId, id, 'a4'));
      case 'nota-credito-xml':
        return xml(await this.notaXml(NOTA_CREDITO, empresaId, id));
      case 'nota-credito-cdr':
        return zip(await this.notas.archivos.cdr(NOTA_CREDITO, empresaId, id));
      case 'nota-debito-pdf':
        return pdf(await this.pdfs.nota('08', empresaId, id, 'a4'));
      case 'nota-debito-xml':
        return xml(await this.notaXml(NOTA_DEBITO, empresaId, id));
      case 'nota-debito-cdr':
        return zip(await this.notas.archivos.cdr(NOTA_DEBITO, empresaId, id));
      case 'guia-pdf':
        return pdf(await this.pdfs.guia(empresaId, id, 'a4'));
      case 'cotizacion-pdf':
        return pdf(await this.pdfs.cotizacion(empresaId, id, 'a4'));
    }
  }

  private async notaXml(kind: NotaKind, empresaId: number, id: number) {
    const nota = await this.notas.consulta.detalle(kind, empresaId, id);
    if (!nota.nombre_xml) throw archivoNoEncontrado('XML');
    return this.notas.archivos.xml(kind, empresaId, nota.nombre_xml);
  }
}
