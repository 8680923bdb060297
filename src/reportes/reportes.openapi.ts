import { hoyLima } from '@/common/fecha';
import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { VentasExportController, VentasExportWebController } from './export/ventas-export.controller';
import type { VentasZipController } from './export/ventas-zip.controller';
import type { ReportesWebController } from './reportes-web.controller';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = { archivo: 'application/pdf' };

export const VENTAS_EXPORT_DOCS: DocsDe<VentasExportController> = {
  excel: {
    summary: 'Exportar las ventas a Excel',
    description: 'Mismos filtros que `GET /api/ventas`, sin paginación. 503 (con `Retry-After`) si hay demasiadas exportaciones en curso.',
    respuesta: { archivo: XLSX },
  },
  pdf: {
    summary: 'Exportar las ventas a PDF',
    description: 'Mismos filtros que `GET /api/ventas`; totales por moneda al final. 503 (con `Retry-After`) si hay demasiadas exportaciones en curso.',
    respuesta: PDF,
  },
};

export const VENTAS_EXPORT_WEB_DOCS: DocsDe<VentasExportWebController> = {
  excel: { summary: 'Exportar las ventas a Excel (navegador, `?token=`)', respuesta: { archivo: XLSX } },
  pdf: { summary: 'Exportar las ventas a PDF (navegador, `?token=`)', respuesta: PDF },
};

export const REPORTES_WEB_DOCS: DocsDe<ReportesWebController> = {
  venta: { summary: 'PDF A4 de una venta', respuesta: PDF },
  ventaTicket: { summary: 'PDF ticket 80 mm de una venta', respuesta: PDF },
  cotizacion: { summary: 'PDF A4 de una cotización', respuesta: PDF },
  cotizacionTicket: { summary: 'PDF ticket 80 mm de una cotización', respuesta: PDF },
  notaCredito: { summary: 'PDF A4 de una nota de crédito', respuesta: PDF },
  notaCreditoTicket: { summary: 'PDF ticket 80 mm de una nota de crédito', respuesta: PDF },
  notaDebito: { summary: 'PDF A4 de una nota de débito', respuesta: PDF },
  notaDebitoTicket: { summary: 'PDF ticket 80 mm de una nota de débito', respuesta: PDF },
  guia: { summary: 'PDF A4 de una guía de remisión', respuesta: PDF },
  guiaTicket: { summary: 'PDF ticket 80 mm de una guía de remisión', respuesta: PDF },
};

export const VENTAS_ZIP_DOCS: DocsDe<VentasZipController> = {
  exportar: {
    summary: 'Descargar en un ZIP los XML firmados y CDR de las ventas de un periodo',
    description: 'Ambos días incluidos (p. ej. un mes, para el contador).',
    query: { desde: `${hoyLima().slice(0, 8)}01`, hasta: hoyLima() },
    respuesta: { archivo: 'application/zip' },
  },
};
