import type { DocsDe, OperacionDoc } from '@/common/openapi/openapi-docs';
import type { NotasCreditoController } from '@/notas-credito/notas-credito.controller';
import type { NotasDebitoController } from '@/notas-debito/notas-debito.controller';
import { DOC_ANULACION_PENDIENTE } from '@/anulacion/anulacion.openapi';
import { DOC_ENVIOS_OCUPADOS } from '@/sunat/nest/envio-sunat.interceptor';

type Comunes = 'motivos' | 'buscarVenta' | 'xml' | 'list' | 'detail' | 'enviar' | 'enviarCorreo' | 'anular' | 'cdr';

/** The routes both kinds share (NotasControllerBase); `serie` FC01/FD01 for facturas in the examples. */
function comunes(nombre: string, tipo: '07' | '08', serie: string): Record<Comunes, OperacionDoc> {
  return {
    motivos: { summary: `Motivos de ${nombre}`, description: tipo === '07' ? 'Catálogo 09 de SUNAT.' : 'Catálogo 10 de SUNAT.' },
    buscarVenta: {
      summary: `Buscar la venta a la que se emitirá la ${nombre}`,
      description: 'Por serie y número, en la empresa activa.',
      query: { serie: 'F001', numero: '1' },
    },
    xml: { summary: `Ver el XML de una ${nombre}`, params: { nombre: `20000000001-${tipo}-${serie}-1.xml` }, respuesta: { archivo: 'application/xml' } },
    list: { summary: `Listar ${nombre}s` },
    detail: { summary: `Ver una ${nombre}` },
    enviar: {
      summary: `Enviar una ${nombre} a SUNAT`,
      description: 'Síncrono: aceptada → estado aceptado con CDR; rechazada → 200 con success false.' + DOC_ENVIOS_OCUPADOS,
    },
    anular: {
      summary: `Dar de baja una ${nombre} aceptada por SUNAT`,
      description:
        'Nota de una factura, aceptada y emitida hace 7 días o menos: comunicación de baja (RA) con el `motivo`; la nota pasa a anulado cuando ' +
        'SUNAT acepta el ticket. Nota de una boleta: 422 (el resumen diario no lleva notas). Sin enviar o rechazada: 409. Fuera de plazo: 422. ' +
        'Repetirla no envía nada nuevo: responde lo que la nota es ahora. 202 si SUNAT no respondió: el lote queda pendiente y se envía solo.' +
        DOC_ENVIOS_OCUPADOS,
      body: { motivo: 'ANULACION DE LA OPERACION' },
      otrasRespuestas: [DOC_ANULACION_PENDIENTE({ id: 1, numero_completo: `${serie}-1`, estado: 'aceptado', baja: null })],
    },
    enviarCorreo: {
      summary: `Enviar por correo una ${nombre} aceptada por SUNAT`,
      description:
        'Encola un correo con el PDF A4, el XML firmado y el CDR, al email del cliente de la venta o a `destinatarios` (1 a 10). ' +
        '202: se envía en segundo plano; su estado se ve en `correo` del detalle. 409 si SUNAT aún no la aceptó o la empresa no tiene `smtp_url`; ' +
        '422 si no hay a quién enviarlo.',
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
    cdr: { summary: `Descargar el CDR de una ${nombre}`, respuesta: { archivo: 'application/zip' } },
  };
}

export const NOTAS_CREDITO_DOCS: DocsDe<NotasCreditoController> = {
  ...comunes('nota de crédito', '07', 'FC01'),
  create: {
    summary: 'Emitir una nota de crédito',
    description:
      'Serie FC01 (facturas) o BC01 (boletas). Sin items, monto ni cuotas es la nota por el total de la venta: aceptada por SUNAT, anula la venta ' +
      '(motivo 1 = 01 Anulación de la operación). Nota parcial (nunca anula; baja el saldo de la venta al ser aceptada; nunca excede lo que queda): ' +
      '`items` [{id_detalle, cantidad}] devolución por ítem (07, vuelve al stock), `items` [{id_detalle, monto}] descuento por ítem (05), ' +
      '`monto` con impuestos repartido entre las líneas (04, 08, 09, 10; 11 exportación; 12 IVAP), `cuotas` [{monto, fecha_vencimiento}] ' +
      'nuevo cronograma de una venta al crédito con importes 0 (13).',
    body: { id_venta: 1, motivo_id: 1, descripcion_motivo: 'ANULACIÓN DE LA OPERACIÓN' },
  },
};

export const NOTAS_DEBITO_DOCS: DocsDe<NotasDebitoController> = {
  ...comunes('nota de débito', '08', 'FD01'),
  create: {
    summary: 'Emitir una nota de débito',
    description:
      'Serie FD01 (facturas) o BD01 (boletas); `monto_total` incluye IGV, o en su lugar `items` [{descripcion, cantidad, precio_unitario, ' +
      'tipo_afectacion_igv}] valorizados como líneas de venta. Aceptada por SUNAT, sube el saldo de la venta. Motivo 11 = 01 Intereses por mora.',
    body: { id_venta: 1, motivo_id: 11, monto_total: 11.8, descripcion_motivo: 'INTERESES POR MORA' },
  },
};
