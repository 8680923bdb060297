import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { fixed } from '@/common/money';
import { Emisor } from '@/empresas/emisor.service';
import { IssuedDocument } from '@/sunat/nest/document-issuer';
import { SigningCredentials } from '@/sunat/signing/signing-credentials';
import { ProductoResponse } from '@/productos/dto/producto.dto';
import { LineaVentaDto } from './dto/create-venta.dto';
import { VentaClienteView } from './dto/venta-view';
import { Venta } from './entities/venta.entity';
import { VentaDetalle } from './entities/venta-detalle.entity';
import { LineaResuelta, VentaLineasService } from './venta-lineas.service';
import { assertTotalAdmisible } from './venta-reglas';
import { calcularVenta, OpcionesPrecio, TotalesVenta } from './venta-totales';
import { VentaXmlService } from './venta-xml.service';

export interface ContenidoPreparado {
  lineas: LineaResuelta[];
  /** The catalogue products the lines name, as read (the answer shows them). */
  productos: Map<number, ProductoResponse>;
  totales: TotalesVenta;
  montos: Pick<
    Venta,
    | 'op_gravadas'
    | 'op_exoneradas'
    | 'op_inafectas'
    | 'op_gratuitas'
    | 'igv_gratuitas'
    | 'op_exportacion'
    | 'op_ivap'
    | 'ivap'
    | 'descuentos'
    | 'descuento_global'
    | 'icbper'
    | 'isc'
    | 'precios_incluyen_igv'
    | 'subtotal'
    | 'igv'
    | 'total'
  >;
}

/** What creation and edition share: lines priced with the company rate, stored, and the signed XML. */
@Injectable()
export class VentaContenidoService {
  constructor(
    private readonly lineas: VentaLineasService,
    private readonly xml: VentaXmlService,
  ) {}

  async preparar(manager: EntityManager, empresaId: number, emisor: Emisor, productos: LineaVentaDto[], opciones: OpcionesPrecio): Promise<ContenidoPreparado> {
    const { lineas, productos: catalogo } = await this.lineas.resolve(manager, empresaId, productos);
    const totales = calcularVenta(emisor.igvRate, lineas, opciones);
    assertTotalAdmisible(totales);
    const t = totales;
    return {
      lineas,
      productos: catalogo,
      totales,
      montos: {
        op_gravadas: t.op_gravadas,
        op_exoneradas: t.op_exoneradas,
        op_inafectas: t.op_inafectas,
        op_gratuitas: t.op_gratuitas,
        igv_gratuitas: t.igv_gratuitas,
        op_exportacion: t.op_exportacion,
        op_ivap: t.op_ivap,
        ivap: t.ivap,
        descuentos: t.descuentos,
        // As sent (in the prices' terms), so an edit that omits it keeps it; its base part is in `descuentos`.
        descuento_global: fixed(opciones.descuento_global),
        icbper: t.icbper,
        isc: t.isc,
        precios_incluyen_igv: opciones.precios_incluyen_igv,
        subtotal: t.subtotal,
        igv: t.igv,
        total: t.total,
      },
    };
  }

  async guardarLineas(manager: EntityManager, venta: Venta, p: ContenidoPreparado): Promise<VentaDetalle[]> {
    const rows = p.lineas.map((l, i) =>
      manager.create(VentaDetalle, {
        id_venta: venta.id_venta,
        id_producto: l.id_producto,
        codigo_producto: l.codigo,
        descripcion: l.descripcion,
        unidad_medida: l.unidad,
        cantidad: l.cantidad,
        precio_unitario: l.precio_unitario,
        tipo_afectacion_igv: l.tipo_afectacion_igv,
        descuento: l.descuento,
        icbper: l.icbper,
        isc_sistema: p.totales.lineas[i].isc?.sistema ?? null,
        isc_base: p.totales.lineas[i].isc?.base ?? '0',
        isc_porcentaje: p.totales.lineas[i].isc?.porcentaje ?? null,
        isc: p.totales.lineas[i].isc?.monto ?? '0',
        valor_venta: p.totales.lineas[i].valor_venta,
        igv: p.totales.lineas[i].igv,
        total: p.totales.totalesLinea[i],
      }),
    );
    return manager.save(rows);
  }

  /**
   * Signs the sale's XML (built from the sale in memory) and stores it under the sale's number (an edit overwrites
   * the same file); SUNAT's rules run while `guardar` writes the sale, which already carries its hash and file name
   * (see DocumentIssuer.issueWhile).
   */
  async firmar<T>(
    manager: EntityManager,
    emisor: Emisor,
    credentials: SigningCredentials,
    venta: Venta,
    cliente: VentaClienteView,
    p: ContenidoPreparado,
    guardar: () => Promise<T>,
  ): Promise<{ issued: IssuedDocument; written: T }> {
    const t = p.totales;
    return this.xml.emitir(emisor, credentials, venta, cliente, t.lineas, t.documento, manager, async (signed) => {
      venta.hash_cpe = signed.hash;
      venta.nombre_xml = signed.nombre_xml;
      return guardar();
    });
  }
}
