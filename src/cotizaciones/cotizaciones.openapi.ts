import { hoyLima } from '@/common/fecha';
import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { CotizacionesController } from './cotizaciones.controller';

const cotizacion = () => ({
  fecha: hoyLima(),
  moneda: 'PEN',
  aplicar_igv: true,
  descuento: 10,
  asunto: 'Equipamiento de oficina',
  dias_pago: '30',
  cliente_documento: '20131312955',
  cliente_datos: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA',
  productos: [
    { producto_id: 1, cantidad: 5, precio_unitario: 59.9, precio_especial: 55 },
    { nombre: 'SERVICIO DE INSTALACIÓN', cantidad: 1, precio_unitario: 118 },
  ],
  cuotas: [{ tipo: 'inicial', monto: 150, fecha_vencimiento: hoyLima() }],
});

export const COTIZACIONES_DOCS: DocsDe<CotizacionesController> = {
  list: {
    summary: 'Listar cotizaciones',
    description:
      'Paginado como los demás listados (`page`, `per_page` ≤ 100; `meta` {page, per_page, total, last_page}), búsqueda `q` ' +
      '(número, cliente, documento o asunto) y filtro `estado` (pendiente, aprobada, rechazada, vencida). `data` es la lista de SPEC.md.',
    query: { page: 1, per_page: 20, q: 'COT-', estado: 'pendiente' },
  },
  proximoNumero: { summary: 'Próximo número de cotización (COT-000001)' },
  get: { summary: 'Ver una cotización' },
  create: {
    summary: 'Crear una cotización',
    description: 'Cliente: `id_cliente`, o `cliente_documento` + `cliente_datos` (se crea), o solo `cliente_nombre` (texto libre). Nace `pendiente`.',
    body: cotizacion(),
  },
  update: {
    summary: 'Reemplazar una cotización',
    description: 'Líneas y cuotas se reemplazan; `estado` opcional.',
    body: { ...cotizacion(), descuento: 0, estado: 'pendiente' },
  },
  remove: { summary: 'Rechazar una cotización', description: 'La cotización se conserva con estado `rechazada`.', params: { id: 1 } },
  estado: { summary: 'Cambiar el estado de una cotización', body: { estado: 'aprobada' } },
};
