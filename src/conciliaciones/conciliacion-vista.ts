/** A row of `conciliaciones` (dates as YYYY-MM-DD text). */
export interface ConciliacionFila {
  id: number;
  id_empresa: number;
  id_usuario: number | null;
  desde: string;
  hasta: string;
  estado: string;
  fase: string;
  ultimo_id: number;
  revisados: number;
  diferencias: number;
  reparados: number;
  fallidos: number;
  mensaje: string | null;
  creado_en: Date;
  terminado_en: Date | null;
}

/** A row of `conciliacion_diferencias`. */
export interface DiferenciaFila {
  id: number;
  tipo: string;
  id_documento: number;
  tipo_comprobante: string;
  numero_completo: string;
  fecha_emision: string;
  estado_nuestro: string;
  estado_sunat: string;
  accion: string;
  reparado: boolean;
  detalle: string | null;
}

/** What GET /api/conciliaciones/{id} answers: progress (the kind being checked, documents done) and every difference. */
export function conciliacionVista(c: ConciliacionFila, diferencias: DiferenciaFila[]) {
  return {
    id: c.id,
    desde: c.desde,
    hasta: c.hasta,
    estado: c.estado,
    progreso: { fase: c.fase, revisados: c.revisados },
    totales: { revisados: c.revisados, diferencias: c.diferencias, reparados: c.reparados, sin_respuesta: c.fallidos },
    mensaje: c.mensaje,
    creado_en: c.creado_en,
    terminado_en: c.terminado_en,
    diferencias: diferencias.map((d) => ({
      tipo: d.tipo,
      id_documento: d.id_documento,
      tipo_comprobante: d.tipo_comprobante,
      numero_completo: d.numero_completo,
      fecha_emision: d.fecha_emision,
      estado_nuestro: d.estado_nuestro,
      estado_sunat: d.estado_sunat,
      accion: d.accion,
      reparado: d.reparado,
      detalle: d.detalle,
    })),
  };
}
