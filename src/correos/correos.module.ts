import { Module } from '@nestjs/common';
import { EmpresasModule } from '@/empresas/empresas.module';
import { LotesSunatModule } from '@/lotes-sunat/lotes-sunat.module';
import { NotasModule } from '@/notas/notas.module';
import { ReportesModule } from '@/reportes/reportes.module';
import { VentasModule } from '@/ventas/ventas.module';
import { ComposicionCorreo } from './composicion-correo.service';
import { DespachadorCorreos } from './despachador-correos.service';

/** The background sender of the mail queue (CorreosColaModule): builds each mail from the documents' own files. */
@Module({
  imports: [EmpresasModule, VentasModule, NotasModule, LotesSunatModule, ReportesModule],
  providers: [ComposicionCorreo, DespachadorCorreos],
})
export class CorreosModule {}
