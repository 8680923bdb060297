import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { VentasController } from './ventas.controller';
import { DOC_ANULACION_PENDIENTE } from '@/anulacion/anulacion.openapi';
import { DOC_ENVIOS_OCUPADOS } from '@/sunat/nest/envio-sunat.interceptor';

const factura = {
  tipo_documento: '01',
  cliente_documento: '20131312955',
  cliente_datos: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA',
  cliente_direccion: 'AV. GARCILASO DE LA VEGA 1472, LIMA',
  tipo_moneda: 'PEN',
  descontar_stock: false,
  productos: [
    { id_producto: 1, cantidad: 2 },
    { descripcion: 'SERVICIO DE INSTALACIÓN', cantidad: 1, precio_unitario: 118, unidad_medida: 'ZZ' },
  ],
};

/** Issue 18 part B: a factura that names its guides, the client's purchase order and a contract (catálogo 12 code 99). */
const facturaConReferencias = {
  tipo_documento: '01',
  cliente_documento: '20131312955',
  cliente_datos: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA',
  guias: [
    { tipo: '09', serie: 'T001', numero: 123 },
    { tipo: '31', serie: 'EG01', numero: 45 },
  ],
  orden_compra: 'OC-2025-0001',
  documentos_relacionados: [{ tipo: '99', numero: 'CONTRATO-77' }],
  productos: [{ descripcion: 'SERVICIO DE INSTALACIÓN', cantidad: 1, precio_unitario: 118, unidad_medida: 'ZZ' }],
};

/** Issue 18 part A: a service with detracción (037 at 12 %) on credit: the instalments add up to total - detracción. */
const facturaCreditoDetraccion = {
  tipo_documento: '01',
  cliente_documento: '20131312955',
  cliente_datos: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA',
  detraccion: { codigo: '037', porcentaje: 12, cuenta_banco_nacion: '00-000-123456', medio_pago: '001' },
  forma_pago: 'Credito',
  cuotas: [
    { monto: 519, fecha_vencimiento: '2030-01-31' },
    { monto: 519, fecha_vencimiento: '2030-02-28' },
  ],
  productos: [{ descripcion: 'SERVICIO DE CONSULTORÍA', cantidad: 1, precio_unitario: 1180, unidad_medida: 'ZZ' }],
};

const boleta = {
  tipo_documento: '03',
  cliente_documento: '70123456',
  cliente_datos: 'ANA MARÍA FLORES',
  productos: [{ descripcion: 'CABLE HDMI 2 M', cantidad: 1, precio_unitario: 25 }],
};

export const VENTAS_DOCS: DocsDe<VentasController> = {
  list: {
    summary: 'Listar ventas',
    description: 'Paginado; filtros por tipo, serie, estado, estado_sunat, fechas y cliente (los mismos de las exportaciones).',
  },
  create: {
    summary: 'Emitir una venta (factura o boleta)',
    description:
      'Numera en la serie (por defecto F001/B001), calcula los montos con el IGV de la empresa y genera el XML UBL 2.1 firmado. ' +
      'Una factura requiere un cliente con RUC. Las facturas se envían con `POST /api/ventas/{id}/enviar`; las boletas, en el resumen diario. ' +
      'Una factura de anticipo lleva `es_anticipo: true`; una factura posterior del mismo cliente lo deduce con `anticipos` ' +
      '[{tipo_documento, serie, numero, monto?}] una vez aceptado por SUNAT. ' +
      'Al crédito (`forma_pago: "Credito"`), `cuotas` [{monto, fecha_vencimiento}] deben sumar el monto neto pendiente: total − detracción − retención. ' +
      '`detraccion` {codigo (catálogo 54), porcentaje?, cuenta_banco_nacion, medio_pago?} (operación 1001; monto en soles), ' +
      '`percepcion` {codigo_regimen 51|52|53} (operación 2001, al contado) y `retencion` {porcentaje?} solo en facturas.',
    bodies: {
      factura: { summary: 'Factura a un RUC (producto 1 y una línea libre)', value: factura },
      boleta: { summary: 'Boleta a un DNI', value: boleta },
      referencias: { summary: 'Factura con guías, orden de compra y otro documento relacionado', value: facturaConReferencias },
      credito: { summary: 'Factura al crédito en 2 cuotas, con detracción (037, 12 %)', value: facturaCreditoDetraccion },
    },
  },
  get: { summary: 'Ver una venta' },
  update: {
    summary: 'Modificar una venta aún no enviada',
    description: 'Solo con estado_sunat 0; las líneas se reemplazan y el XML se regenera.',
    body: { productos: [{ id_producto: 1, cantidad: 3 }] },
  },
  remove: { summary: 'Eliminar una venta aún no enviada', params: { id: 4 } },
  anular: {
    summary: 'Anular una venta (el canal lo elige el servicio)',
    description:
      'Nunca enviada (estado_sunat 0): anulación local, estado 2 y devuelve el stock. Factura aceptada: comunicación de baja (RA) con el `motivo`; ' +
      'boleta aceptada: resumen diario con estado 3 (RC); ambas dentro de los 7 días desde la emisión (después, 422: emita una nota de crédito). ' +
      'Con ticket la venta queda en estado_sunat 3 y pasa a anulada cuando SUNAT acepta el ticket. Repetirla no envía nada nuevo: responde lo que ' +
      'la venta es ahora. 202 si SUNAT no respondió: el lote queda pendiente y se envía solo. Rechazada por SUNAT: 409.' +
      DOC_ENVIOS_OCUPADOS,
    params: { id: 3 },
    body: { motivo: 'ANULACION DE LA OPERACION' },
    otrasRespuestas: [DOC_ANULACION_PENDIENTE({ id_venta: 5, numero_completo: 'F001-2', estado: '1', estado_sunat: '1' })],
  },
  descontarStock: { summary: 'Descontar el stock de una venta creada con descontar_stock false' },
  enviar: {
    summary: 'Enviar una factura a SUNAT',
    description:
      'Síncrono (sendBill): aceptada → estado_sunat 1 con CDR; rechazada → 200 con success false. Boletas: 409 (van en el resumen diario).' +
      DOC_ENVIOS_OCUPADOS,
  },
  enviarCorreo: {
    summary: 'Enviar por correo una venta aceptada por SUNAT',
    description:
      'Encola un correo (en español) con el PDF A4, el XML firmado y el CDR (el de su resumen diario, en una boleta), ' +
      'al email del cliente o a `destinatarios` (1 a 10). 202: se envía en segundo plano; su estado se ve en `correo` de `GET /api/ventas/{id}`. ' +
      '409 si SUNAT aún no la aceptó o la empresa no tiene `smtp_url`; 422 si no hay a quién enviarlo.',
    body: { destinatarios: ['compras@example.com'] },
    respuesta: {
      status: 202,
      example: {
        success: true,
        message: 'El correo se enviará en unos segundos.',
        correo: { estado: 'pendiente', destinatarios: ['compras@example.com'], fecha: '2025-03-07T15:04:05.000Z', detalle: null },
      },
    },
  },
  xml: { summary: 'Descargar el XML firmado', respuesta: { archivo: 'application/xml' } },
  cdr: { summary: 'Descargar el CDR (constancia de recepción) de SUNAT', respuesta: { archivo: 'application/zip' } },
};
