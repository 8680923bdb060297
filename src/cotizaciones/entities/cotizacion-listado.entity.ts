import { ViewColumn, ViewEntity } from 'typeorm';

/** Row of the v_cotizaciones view (created by the migration; never synchronized). */
@ViewEntity({ name: 'v_cotizaciones', synchronize: false })
export class CotizacionListado {
  @ViewColumn() id_cotizacion: number;
  @ViewColumn() id_empresa: number;
  @ViewColumn() numero: string;
  @ViewColumn() fecha: string;
  @ViewColumn() id_cliente: number | null;
  @ViewColumn() cliente_documento: string | null;
  @ViewColumn() cliente_datos: string;
  @ViewColumn() moneda: string;
  @ViewColumn() tipo_cambio: string | null;
  @ViewColumn() aplicar_igv: boolean;
  @ViewColumn() descuento: string;
  @ViewColumn() monto_bruto: string;
  @ViewColumn() subtotal: string;
  @ViewColumn() igv: string;
  @ViewColumn() total: string;
  @ViewColumn() asunto: string | null;
  @ViewColumn() estado: string;
  @ViewColumn() id_usuario: number | null;
  @ViewColumn() usuario: string | null;
  @ViewColumn() created_at: Date;
  @ViewColumn() updated_at: Date;
}
