import { Module } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import { appConfig } from '@/config/app.config';
import { CotizacionesModule } from '@/cotizaciones/cotizaciones.module';
import { EmpresasModule } from '@/empresas/empresas.module';
import { GuiasRemisionModule } from '@/guias-remision/guias-remision.module';
import { NotasModule } from '@/notas/notas.module';
import { VentasModule } from '@/ventas/ventas.module';
import { DocumentosImpresosService } from './documentos/documentos-impresos.service';
import { EmisorImpresoService } from './documentos/emisor-impreso.service';
import { EnlaceArchivosService } from './enlaces/enlace-archivos.service';
import { enlaceSigningKey } from './enlaces/enlace-key';
import { EnlacesController } from './enlaces/enlaces.controller';
import { EnlacesService } from './enlaces/enlaces.service';
import { VentasExportController, VentasExportWebController } from './export/ventas-export.controller';
import { ExportWorkers, exportWorkersSettings } from './export/export-workers';
import { VentasExportService } from './export/ventas-export.service';
import { VentasZipController } from './export/ventas-zip.controller';
import { VentasZipService } from './export/ventas-zip.service';
import { ReportesPdfService } from './reportes-pdf.service';
import { ReportesWebController } from './reportes-web.controller';

/**
 * PDFs and exports. AppModule imports this module BEFORE VentasModule: Nest registers routes module by
 * module in scan order, and /api/ventas/exportar-* must be matched before VentasController's /:id.
 */
@Module({
  imports: [
    EmpresasModule,
    GuiasRemisionModule,
    VentasModule,
    CotizacionesModule,
    NotasModule,
    JwtModule.registerAsync({
      inject: [appConfig.KEY],
      useFactory: (app: ConfigType<typeof appConfig>) => ({
        secret: enlaceSigningKey(app.secretKey),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [VentasZipController, VentasExportController, VentasExportWebController, ReportesWebController, EnlacesController],
  providers: [
    VentasZipService,
    EmisorImpresoService,
    DocumentosImpresosService,
    ReportesPdfService,
    VentasExportService,
    { provide: ExportWorkers, useFactory: () => new ExportWorkers(exportWorkersSettings()) },
    EnlaceArchivosService,
    EnlacesService,
  ],
  exports: [ReportesPdfService],
})
export class ReportesModule {}
