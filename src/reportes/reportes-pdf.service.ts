import { Injectable } from '@nestjs/common';
import { DocumentosImpresosService } from './documentos/documentos-impresos.service';
import { Formato, toBuffer } from './pdf/layout/page';
import { PdfFile, pdfFilename } from './pdf/pdf-file';
import { renderCotizacionPdf } from './pdf/renderers/cotizacion.renderer';
import { renderGuiaPdf } from './pdf/renderers/guia.renderer';
import { renderNotaPdf } from './pdf/renderers/nota.renderer';
import { renderVentaPdf } from './pdf/renderers/venta.renderer';

/**
 * One PDF per request, rendered from the current data (no cache: the SUNAT state printed on it
 * changes after sends, tickets and voiding, and rendering takes a few milliseconds). The same data gives the
 * same bytes: the PDF's creation date is the document's.
 */
@Injectable()
export class ReportesPdfService {
  constructor(private readonly documentos: DocumentosImpresosService) {}

  async venta(empresaId: number, id: number, formato: Formato): Promise<PdfFile> {
    const data = await this.documentos.venta(empresaId, id);
    const v = data.venta;
    return {
      nombre: pdfFilename([data.emisor.ruc, v.tipo_documento, v.serie, v.numero], formato === 'ticket'),
      data: await toBuffer(renderVentaPdf(data, formato, { creado: v.created_at })),
    };
  }

  async cotizacion(empresaId: number, id: number, formato: Formato): Promise<PdfFile> {
    const data = await this.documentos.cotizacion(empresaId, id);
    return {
      nombre: pdfFilename([data.emisor.ruc, data.cotizacion.cotizacion.numero], formato === 'ticket'),
      data: await toBuffer(renderCotizacionPdf(data, formato, { creado: data.cotizacion.cotizacion.created_at })),
    };
  }

  async nota(tipo: '07' | '08', empresaId: number, id: number, formato: Formato): Promise<PdfFile> {
    const data = await this.documentos.nota(tipo, empresaId, id);
    return {
      nombre: pdfFilename([data.emisor.ruc, tipo, data.nota.serie, data.nota.numero], formato === 'ticket'),
      data: await toBuffer(renderNotaPdf(data, formato, { creado: data.nota.created_at })),
    };
  }

  async guia(empresaId: number, id: number, formato: Formato): Promise<PdfFile> {
    const data = await this.documentos.guia(empresaId, id);
    return {
      nombre: pdfFilename([data.emisor.ruc, '09', data.guia.serie, data.guia.numero], formato === 'ticket'),
      data: await toBuffer(renderGuiaPdf(data, formato, { creado: data.guia.created_at })),
    };
  }
}
