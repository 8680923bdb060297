import { hoyLima } from '@/common/fecha';
import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { GuiasRemisionCatalogosController } from './guias-remision-catalogos.controller';
import type { GuiasRemisionController } from './guias-remision.controller';
import { DOC_ENVIOS_OCUPADOS } from '@/sunat/nest/envio-sunat.interceptor';

const guia = () => ({
  destinatario_tipo_doc: '6',
  destinatario_documento: '20131312955',
  destinatario_nombre: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA',
  destinatario_direccion: 'AV. GARCILASO DE LA VEGA 1472, LIMA',
  destinatario_ubigeo: '150101',
  motivo_traslado: '01',
  descripcion_motivo: 'VENTA',
  mod_transporte: '02',
  fecha_traslado: hoyLima(),
  peso_total: 12.5,
  ubigeo_partida: '150101',
  dir_partida: 'AV. LOS PRÓCERES 123',
  conductor_tipo_doc: '1',
  conductor_documento: '12345678',
  conductor_nombres: 'JUAN',
  conductor_apellidos: 'PEREZ LOPEZ',
  conductor_licencia: 'Q12345678',
  vehiculo_placa: 'ABC123',
  vehiculos_secundarios: ['XYZ987'],
  documentos_relacionados: [{ tipo: '01', serie_numero: 'F001-1' }],
  detalles: [
    { codigo: 'P001', descripcion: 'TECLADO USB', cantidad: 2 },
    { descripcion: 'CABLE DE COBRE', cantidad: 0.5, unidad: 'KGM' },
  ],
});

export const GUIAS_DOCS: DocsDe<GuiasRemisionController> = {
  list: { summary: 'Listar guías de remisión' },
  create: {
    summary: 'Emitir una guía de remisión (transporte privado en el ejemplo)',
    description:
      'Serie T001; genera el XML (formato 2022). Transporte público (`mod_transporte` 01) pide el transportista; privado (02), conductor y placa salvo `vehiculo_m1l` (hasta 2 `conductores_secundarios` y 2 `vehiculos_secundarios`). ' +
      'Cada motivo del catálogo 20 pide lo suyo: 02/04/07 tienen a la propia empresa como destinataria (04 con `establecimiento_partida` y `establecimiento_llegada`); ' +
      '03 el `comprador`; 02/07/13 admiten `proveedor`; 08/09 la DAM o DS en `documentos_relacionados` (catálogo 61), `numero_bultos` y el puerto (`puerto_codigo`) o un establecimiento.',
    body: guia(),
  },
  xml: { summary: 'Ver el XML de una guía', params: { nombre: '20000000001-09-T001-1.xml' }, respuesta: { archivo: 'application/xml' } },
  get: { summary: 'Ver una guía de remisión' },
  enviar: {
    summary: 'Enviar una guía a SUNAT (devuelve un ticket)',
    description: 'API REST GRE con OAuth 2.0; la guía queda `enviado`.' + DOC_ENVIOS_OCUPADOS,
  },
  consultarTicket: {
    summary: 'Consultar el ticket de una guía',
    description: 'Código 0 → aceptado (CDR guardado); 98 → en proceso (`en_proceso` true, reintentar); otro → rechazado.' + DOC_ENVIOS_OCUPADOS,
  },
  cdr: { summary: 'Descargar el CDR de una guía', respuesta: { archivo: 'application/zip' } },
};

export const GUIAS_CATALOGOS_DOCS: DocsDe<GuiasRemisionCatalogosController> = {
  motivos: { summary: 'Motivos de traslado (catálogo 20)' },
  proximoNumero: { summary: 'Próximo número de guía (T001)' },
  ubigeos: { summary: 'Buscar ubigeos por código o nombre', description: 'Hasta 20 distritos; sin `q`, lista vacía.', query: { q: 'miraflores' } },
};
