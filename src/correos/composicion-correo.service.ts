import { HttpException, Injectable } from '@nestjs/common';
import { EmisorService } from '@/empresas/emisor.service';
import { LoteArchivosService } from '@/lotes-sunat/lote-archivos.service';
import { NOTA_CREDITO } from '@/notas-credito/nota-credito.kind';
import { NOTA_DEBITO } from '@/notas-debito/nota-debito.kind';
import { NotaServicios } from '@/notas/nota-servicios';
import { ReportesPdfService } from '@/reportes/reportes-pdf.service';
import { BOLETA } from '@/ventas/tipos-documento';
import { VentaArchivosService } from '@/ventas/venta-archivos.service';
import { VentasService } from '@/ventas/ventas.service';
import { TipoCorreo } from './correo-tipos';
import { DatosMensaje, mensajeCorreo, TipoComprobante } from './mensaje-correo';

export interface Adjunto {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MensajeComprobante {
  asunto: string;
  texto: string;
  adjuntos: Adjunto[];
}

/** The document cannot be mailed as it is now (gone, or a file missing): sending again would not change it. */
export class ComprobanteNoEnviable extends Error {}

/**
 * The mail of one document: subject and body, and its files exactly as the download endpoints serve them (the A4
 * PDF, the signed XML, SUNAT's CDR; a boleta's CDR is its daily summary's), under the same file names.
 */
@Injectable()
export class ComposicionCorreo {
  constructor(
    private readonly ventas: VentasService,
    private readonly ventaArchivos: VentaArchivosService,
    private readonly notas: NotaServicios,
    private readonly lotes: LoteArchivosService,
    private readonly pdfs: ReportesPdfService,
    private readonly emisores: EmisorService,
  ) {}

  async componer(empresaId: number, tipo: TipoCorreo, id: number, razonSocial: string): Promise<MensajeComprobante> {
    try {
      return await this.armar(empresaId, tipo, id, razonSocial);
    } catch (error) {
      // 404 / 403 of the files' services: a document or file that is not there will not be there on a retry either
      if (error instanceof HttpException && [403, 404].includes(error.getStatus())) throw new ComprobanteNoEnviable(mensajeDe(error));
      throw error;
    }
  }

  private async armar(empresaId: number, tipo: TipoCorreo, id: number, razonSocial: string): Promise<MensajeComprobante> {
    const { ruc } = await this.emisores.forEmpresa(empresaId);
    const emisor = { razonSocial, ruc };
    if (tipo === 'venta') {
      const venta = await this.ventas.findForEmpresa(empresaId, id);
      if (!venta) throw new ComprobanteNoEnviable('El comprobante ya no existe.');
      const [pdf, xml, cdr] = await Promise.all([
        this.pdfs.venta(empresaId, id, 'a4'),
        this.ventaArchivos.xml(empresaId, id),
        venta.tipo_documento === BOLETA ? this.lotes.cdrDeBoleta(empresaId, id) : this.ventaArchivos.cdr(empresaId, id),
      ]);
      return armarMensaje(
        {
          tipo: venta.tipo_documento as TipoComprobante,
          numero: `${venta.serie}-${venta.numero}`,
          fechaEmision: venta.fecha_emision,
          moneda: venta.tipo_moneda,
          total: venta.total,
          cliente: venta.cliente.datos,
          emisor,
        },
        pdf,
        xml,
        cdr,
      );
    }
    const kind = tipo === 'nc' ? NOTA_CREDITO : NOTA_DEBITO;
    const nota = await this.notas.consulta.detalle(kind, empresaId, id);
    if (!nota.nombre_xml) throw new ComprobanteNoEnviable('XML no encontrado.');
    const [pdf, xml, cdr] = await Promise.all([
      this.pdfs.nota(kind.tipoDocumento, empresaId, id, 'a4'),
      this.notas.archivos.xml(kind, empresaId, nota.nombre_xml),
      this.notas.archivos.cdr(kind, empresaId, id),
    ]);
    return armarMensaje(
      {
        tipo: kind.tipoDocumento,
        numero: `${nota.serie}-${nota.numero}`,
        fechaEmision: nota.fecha_emision,
        moneda: nota.moneda,
        total: nota.monto_total,
        cliente: nota.venta?.cliente.datos ?? 'cliente',
        emisor,
        afectado: { tipo: nota.tipo_doc_afectado, numero: nota.serie_num_afectado },
      },
      pdf,
      xml,
      cdr,
    );
  }
}

interface Archivo {
  nombre: string;
  data: Buffer;
}

function armarMensaje(datos: Omit<DatosMensaje, 'adjuntos'>, pdf: Archivo, xml: Archivo, cdr: Archivo): MensajeComprobante {
  const { asunto, texto } = mensajeCorreo({ ...datos, adjuntos: { pdf: pdf.nombre, xml: xml.nombre, cdr: cdr.nombre } });
  return {
    asunto,
    texto,
    adjuntos: [
      { filename: pdf.nombre, content: pdf.data, contentType: 'application/pdf' },
      { filename: xml.nombre, content: xml.data, contentType: 'application/xml' },
      { filename: cdr.nombre, content: cdr.data, contentType: 'application/zip' },
    ],
  };
}

function mensajeDe(error: HttpException): string {
  const body = error.getResponse();
  return typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : error.message;
}
