import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { MovimientosStockController } from './movimientos-stock.controller';
import type { ProductosController } from './productos.controller';

export const PRODUCTOS_DOCS: DocsDe<ProductosController> = {
  list: {
    summary: 'Listar productos',
    description: 'Paginado (`page`, `per_page` ≤ 100), búsqueda `q` y filtros `estado` y `tipo_afectacion_igv` (catálogo 07).',
  },
  exportarExcel: {
    summary: 'Exportar los productos a Excel',
    description:
      'Filtros del listado (`q`, `estado`, `tipo_afectacion_igv`), sin paginación. Las columnas son las de la importación, ' +
      'de modo que el archivo editado vuelve por `POST /api/productos/leer-excel`.',
    respuesta: { archivo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  },
  get: { summary: 'Ver un producto' },
  create: {
    summary: 'Crear un producto',
    description:
      '`precio` incluye IGV; `stock` inicial (hasta 10 decimales) queda como movimiento de ingreso. `tipo_afectacion_igv`: cualquier código del ' +
      'catálogo 07; `isc` {sistema (catálogo 08), tasa | monto | precio_publico} solo en gravados (10); `icbper` para bolsas plásticas. ' +
      'Una línea de venta con `id_producto` toma la afectación, el ISC y el ICBPER del producto salvo que envíe los suyos.',
    body: { codigo: 'P001', nombre: 'TECLADO USB', descripcion: 'Teclado USB en español', unidad: 'NIU', precio: 59.9, costo: 35, stock: 20 },
  },
  leerExcel: {
    summary: 'Leer un Excel de productos (no guarda nada)',
    description:
      'Archivo .xlsx con las columnas codigo, nombre, descripcion, unidad, precio, costo, stock, codigo_sunat, tipo_afectacion_igv, icbper (SI/NO), ' +
      'isc_sistema, isc_tasa, isc_monto, isc_precio_publico, estado; las columnas isc_* se devuelven como `isc`. ' +
      'Devuelve las filas con su acción (crear/actualizar) y sus errores, para enviarlas a `POST /api/productos/importar-lista`.',
    multipart: {
      properties: { archivo: { type: 'string', format: 'binary', description: 'Libro .xlsx' } },
      required: ['archivo'],
    },
    respuesta: {
      status: 201,
      example: {
        success: true,
        data: [{ fila: 2, codigo: 'P002', nombre: 'MOUSE INALÁMBRICO', unidad: 'NIU', precio: 39.9, stock: 15, accion: 'crear', errores: {} }],
        resumen: { total: 1, validas: 1, con_errores: 0 },
      },
    },
  },
  importarLista: {
    summary: 'Importar productos (crea o actualiza por código)',
    body: { productos: [{ codigo: 'P002', nombre: 'MOUSE INALÁMBRICO', unidad: 'NIU', precio: 39.9, costo: 22.5, stock: 15 }] },
  },
  update: { summary: 'Actualizar un producto', description: 'Parcial: los campos ausentes conservan su valor.', body: { precio: 64.9 } },
  remove: { summary: 'Eliminar un producto', params: { id: 2 } },
};

export const MOVIMIENTOS_DOCS: DocsDe<MovimientosStockController> = {
  list: { summary: 'Listar movimientos de stock', description: 'Ingresos y salidas (compras, ventas, ajustes); paginado y filtrable por producto.' },
};
