import { EstadoGuia, GUIA_ACEPTADA, GUIA_ENVIADA, GUIA_PENDIENTE, GUIA_RECHAZADA } from '@/common/estados';
import type { GuiaResponse } from '@/guias-remision/guia.mapper';
import { descripcionDocumento } from '@/guias-remision/documentos-relacionados';
import { descripcionMotivo } from '@/guias-remision/motivos-traslado';
import { TIPO_DOC_IDENTIDAD, fecha, quantity } from '../layout/format';
import { drawFields } from '../layout/fields';
import { drawHeader } from '../layout/header';
import { drawCompanyLegend } from '../layout/legend';
import { Columna, drawLinesTable } from '../layout/lines-table';
import { Formato, PdfOptions, createPdf, cropTicket } from '../layout/page';
import { drawNotes, drawSunatFooter, drawSunatObservations } from '../layout/qr';
import { EmisorImpreso, Par } from '../printable';

export interface GuiaImpresa {
  /** With its lines (detalles). */
  guia: GuiaResponse;
  emisor: EmisorImpreso;
}

export function estadoSunatGuia(estado: string): string {
  const impreso: Record<EstadoGuia, string> = {
    [GUIA_PENDIENTE]: 'PENDIENTE DE ENVÍO',
    [GUIA_ENVIADA]: 'EN PROCESO',
    [GUIA_ACEPTADA]: 'ACEPTADO',
    [GUIA_RECHAZADA]: 'RECHAZADO',
  };
  return impreso[estado as EstadoGuia] ?? estado.toUpperCase();
}

const COLUMNAS: Record<Formato, Columna[]> = {
  a4: [
    { titulo: 'N°', peso: 5, align: 'right' },
    { titulo: 'Código', peso: 13 },
    { titulo: 'Descripción', peso: 60 },
    { titulo: 'Unid.', peso: 8, align: 'center' },
    { titulo: 'Cantidad', peso: 14, align: 'right' },
  ],
  ticket: [
    { titulo: 'Cant.', peso: 16, align: 'right' },
    { titulo: 'Unid.', peso: 15, align: 'center' },
    { titulo: 'Descripción', peso: 69 },
  ],
};

const doc = (tipo: string | null, numero: string | null) => (numero ? `${TIPO_DOC_IDENTIDAD[tipo ?? ''] ?? 'DOC.'} ${numero}` : '');

/** The guide's related documents (catálogo 61), one row each: 'Factura F001-1 (RUC 20...)'. */
export function documentosRelacionadosGuia(g: Pick<GuiaResponse, 'documentos_relacionados'>): Par[] {
  return (g.documentos_relacionados ?? []).map((d) => [
    'Documento relacionado',
    `${descripcionDocumento(d.tipo)} ${d.serie_numero}${d.ruc_emisor ? ` (RUC ${d.ruc_emisor})` : ''}`,
  ]);
}

/** Carrier (public transport, 01) or driver and vehicle (private, 02). */
function transporte(g: GuiaResponse): Par[] {
  if (g.mod_transporte === '01') {
    return [
      ['Modalidad', '01 - Transporte público'],
      ['Transportista', [g.transportista_nombre, doc(g.transportista_tipo_doc, g.transportista_documento)].filter(Boolean).join(' - ')],
      ['Registro MTC', g.transportista_nro_mtc ?? ''],
    ];
  }
  const conductor = [g.conductor_nombres, g.conductor_apellidos].filter(Boolean).join(' ');
  return [
    ['Modalidad', '02 - Transporte privado'],
    ['Conductor', [conductor, doc(g.conductor_tipo_doc, g.conductor_documento)].filter(Boolean).join(' - ')],
    ['Licencia', g.conductor_licencia ?? ''],
    ['Vehículo', g.vehiculo_m1l ? 'Vehículo M1 o L' : (g.vehiculo_placa ?? '')],
  ];
}

/**
 * Dispatch guide: sender, addressee, transfer, transport and goods; no amounts. SUNAT's QR for a GRE
 * is the link its CDR carries, so the QR appears once the guide is accepted (qr_url stored).
 */
export function renderGuiaPdf({ guia: g, emisor }: GuiaImpresa, formato: Formato, options: PdfOptions = {}): PDFKit.PDFDocument {
  const numero = `${g.serie}-${g.numero}`;
  const { doc: pdf, layout } = createPdf(formato, { title: `GUÍA DE REMISIÓN ${numero}`, ...options });
  drawHeader(pdf, layout, emisor, { titulo: 'GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE', numero });
  drawFields(pdf, layout, [
    ['Destinatario', g.destinatario_nombre],
    [TIPO_DOC_IDENTIDAD[g.destinatario_tipo_doc] ?? 'Documento', g.destinatario_documento],
    ['Fecha de emisión', `${fecha(g.fecha_emision)} ${g.hora_emision ?? ''}`.trim()],
    ['Inicio del traslado', fecha(g.fecha_traslado)],
    ['Motivo', `${g.motivo_traslado} - ${g.descripcion_motivo || descripcionMotivo(g.motivo_traslado) || ''}`],
    ['Peso bruto total', `${quantity(g.peso_total)} ${g.und_peso_total}`],
    ['Punto de partida', `${g.dir_partida} (${g.ubigeo_partida})`],
    ['Punto de llegada', `${g.dir_llegada} (${g.ubigeo_llegada})`],
    ...documentosRelacionadosGuia(g),
  ]);
  drawFields(pdf, layout, transporte(g));
  const detalles = g.detalles ?? [];
  drawLinesTable(
    pdf,
    layout,
    COLUMNAS[formato],
    detalles.map((d, i) =>
      formato === 'a4' ? [String(i + 1), d.codigo ?? '', d.descripcion, d.unidad, quantity(d.cantidad)] : [quantity(d.cantidad), d.unidad, d.descripcion],
    ),
  );
  if (g.observaciones) drawNotes(pdf, layout, 'Observaciones', [g.observaciones]);
  drawSunatObservations(pdf, layout, g.observaciones_sunat);
  drawSunatFooter(pdf, layout, {
    qr: g.qr_url,
    hash: g.hash_cpe,
    leyenda: 'Representación impresa de la guía de remisión electrónica remitente',
    estado: estadoSunatGuia(g.estado),
    mensaje: g.estado === GUIA_RECHAZADA ? g.mensaje_sunat : null,
  });
  drawCompanyLegend(pdf, layout, emisor.leyenda_pie);
  cropTicket(pdf, layout);
  return pdf;
}
