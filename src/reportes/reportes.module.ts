import { Module } from '@nestjs/common';
import { CotizacionesModule } from '@/cotizaciones/cotizaciones.module';
import { EmpresasModule } from '@/empresas/empresas.module';
import { GuiasRemisionModule } from '@/guias-remision/guias-remision.module';
import { NotasModule } from '@/notas/notas.module';
import { VentasModule } from '@/ventas/ventas.module';
import { DocumentosImpresosService } from './documentos/documentos-impresos.service';
import { EmisorImpresoService } from './documentos/emisor-impreso.service';
import { VentasExportController, VentasExportWebController } from './export/ventas-export.controller';
import { VentasExportService } from './export/ventas-export.service';
import { ReportesPdfService } from './reportes-pdf.service';
import { ReportesWebController } from './reportes-web.controller';

/**
 * PDFs and exports. AppModule imports this module BEFORE VentasModule: Nest registers routes module by
 * module in scan order, and /api/ventas/exportar-* must be matched before VentasController's /:id.
 */
@Module({
  imports: [EmpresasModule, GuiasRemisionModule, VentasModule, CotizacionesModule, NotasModule],
  controllers: [VentasExportController, VentasExportWebController, ReportesWebController],
  providers: [EmisorImpresoService, DocumentosImpresosService, ReportesPdfService, VentasExportService],
})
export class ReportesModule {}
