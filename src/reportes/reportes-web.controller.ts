import { Controller, Get, Header, Param, ParseIntPipe, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { AllowQueryToken } from '@/common/decorators/query-token.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { PdfFile } from './pdf/pdf-file';
import { ReportesPdfService } from './reportes-pdf.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { REPORTES_WEB_DOCS } from './reportes.openapi';

/** Opened in a browser tab: the token may also come as ?token= (the URL is not logged with its query). */
export function pdfResponse(file: PdfFile): StreamableFile {
  return new StreamableFile(file.data, { type: 'application/pdf', disposition: `inline; filename="${file.nombre}"`, length: file.data.length });
}

/**
 * Printed representations, outside /api (app.setup.ts excludes reporteNV/ and reporte/ from the prefix).
 * Every route accepts the bearer header or ?token=, and checks the permission and company as /api does.
 */
@ApiTags('reportes')
@ApiBearerAuth()
@ApiQuery({ name: 'token', required: false, description: 'Token de acceso, para abrir el PDF en el navegador' })
@ApiProduces('application/pdf')
@AllowQueryToken()
@ApiDocs(REPORTES_WEB_DOCS)
@Controller()
export class ReportesWebController {
  constructor(private readonly pdfs: ReportesPdfService) {}

  @Get('reporteNV/:id')
  @RequirePermission('ventas.view')
  @Header('Cache-Control', 'private, no-store')
  async venta(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.venta(empresaId, id, 'a4'));
  }

  @Get('reporteNV/:id/ticket')
  @RequirePermission('ventas.view')
  @Header('Cache-Control', 'private, no-store')
  async ventaTicket(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.venta(empresaId, id, 'ticket'));
  }

  @Get('reporte/cotizacion/:id')
  @RequirePermission('cotizaciones.view')
  @Header('Cache-Control', 'private, no-store')
  async cotizacion(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.cotizacion(empresaId, id, 'a4'));
  }

  @Get('reporte/cotizacion/:id/ticket')
  @RequirePermission('cotizaciones.view')
  @Header('Cache-Control', 'private, no-store')
  async cotizacionTicket(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.cotizacion(empresaId, id, 'ticket'));
  }

  @Get('reporte/nota-credito/:id')
  @RequirePermission('ventas.view')
  @Header('Cache-Control', 'private, no-store')
  async notaCredito(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.nota('07', empresaId, id, 'a4'));
  }

  @Get('reporte/nota-credito/:id/ticket')
  @RequirePermission('ventas.view')
  @Header('Cache-Control', 'private, no-store')
  async notaCreditoTicket(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.nota('07', empresaId, id, 'ticket'));
  }

  @Get('reporte/nota-debito/:id')
  @RequirePermission('ventas.view')
  @Header('Cache-Control', 'private, no-store')
  async notaDebito(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.nota('08', empresaId, id, 'a4'));
  }

  @Get('reporte/nota-debito/:id/ticket')
  @RequirePermission('ventas.view')
  @Header('Cache-Control', 'private, no-store')
  async notaDebitoTicket(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.nota('08', empresaId, id, 'ticket'));
  }

  @Get('reporte/guia/:id')
  @RequirePermission('ventas.view')
  @Header('Cache-Control', 'private, no-store')
  async guia(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.guia(empresaId, id, 'a4'));
  }

  @Get('reporte/guia/:id/ticket')
  @RequirePermission('ventas.view')
  @Header('Cache-Control', 'private, no-store')
  async guiaTicket(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return pdfResponse(await this.pdfs.guia(empresaId, id, 'ticket'));
  }
}
