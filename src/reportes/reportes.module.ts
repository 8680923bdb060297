import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CotizacionesModule } from '@/cotizaciones/cotizaciones.module';
import { EmpresasModule } from '@/empresas/empresas.module';
import { GuiasRemisionModule } from '@/guias-remision/guias-remision.module';
import { NotasModule } from '@/notas/notas.module';
import { VentasModule } from '@/ventas/ventas.module';
import { ClsContextMiddleware } from './cls-context.middleware';
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
export class ReportesModule implements NestModule {
  /** The web routes live outside /api, where ClsModule's middleware does not reach (see ClsContextMiddleware). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ClsContextMiddleware).forRoutes(ReportesWebController, VentasExportWebController);
  }
}
