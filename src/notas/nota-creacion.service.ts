import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuthContext } from '@/common/context/request-context';
import { invalidField } from '@/common/errors/http-errors';
import { horaLima, hoyLima } from '@/common/fecha';
import { EmisorService } from '@/empresas/emisor.service';
import { SeriesService } from '@/series/series.service';
import { ColaEnvios } from '@/sunat/nest/envios/cola-envios.service';
import { Eventos } from '@/eventos/eventos.service';
import { recursoDeNota } from '@/eventos/tipos-evento';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { buildNoteXml } from '@/sunat/xml/note-xml';
import { VentaView } from '@/ventas/dto/venta-view';
import { VentasService } from '@/ventas/ventas.service';
import { CreateNotaDto } from './dto/create-nota.dto';
import { MotivoNota } from './entities/motivo-nota.entity';
import { NOTA_ACEPTADA, NOTA_PENDIENTE } from '@/common/estados';
import { MotivosNotaService } from './motivos-nota.service';
import { NotaKind, notaUrls } from './nota-kind';
import { MSG_NOTA } from './nota-messages';
import { assertVentaAdmiteNota } from './nota-reglas';
import { nombreNota, NotaView, toNote, toNotaView } from './nota.mapper';
import { NotaLinea } from './entities/nota-linea.entity';
import { lineasImpresas } from './nota-contenido';
import { NotaLineasVentaService } from './nota-lineas-venta.service';
import { ItemCreditoInput, ItemDebitoInput } from './nota-motivo-reglas';

export interface NotaCreada {
  nota: NotaView;
  xml: { success: true; nombre_archivo: string; hash: string };
}

export type CrearNotaInput = CreateNotaDto & {
  monto_total?: number;
  monto?: number;
  items?: ItemCreditoInput[] | ItemDebitoInput[];
  cuotas?: Array<{ monto: number; fecha_vencimiento: string }>;
};

/**
 * POST create, in ONE transaction (SPEC "Creation rules"): the affected sale is row-locked (so two notes on
 * the same sale are judged one after the other), every check is made, and only then the series counter is taken
 * under its row lock with the highest existing number as floor; SUNAT's rules run on the signed XML while the note
 * and its XML are inserted. Any failure rolls everything back, the counter included.
 */
@Injectable()
export class NotaCreacionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly series: SeriesService,
    private readonly ventas: VentasService,
    private readonly motivos: MotivosNotaService,
    private readonly issuer: DocumentIssuer,
    private readonly lineasVenta: NotaLineasVentaService,
    private readonly cola: ColaEnvios,
    private readonly eventos: Eventos,
  ) {}

  async crear(kind: NotaKind, auth: AuthContext, input: CrearNotaInput): Promise<NotaCreada> {
    const empresaId = auth.empresaId;
    const emisor = await this.emisores.forEmpresa(empresaId);
    // Loads (or creates, first time in beta) the certificate before the transaction takes any lock.
    const credentials = await emisor.credentials();
    return this.dataSource.transaction(async (manager) => {
      const motivo = await this.motivos.paraNota(manager, kind, input.motivo_id);
      const venta = await this.ventas.lockForUpdate(manager, empresaId, input.id_venta);
      if (!venta) throw invalidField('id_venta', MSG_NOTA.ventaNoExiste);
      assertVentaAdmiteNota(venta);
      await this.assertSinAnulacionPrevia(manager, kind, motivo, venta);

      const serie = kind.series[venta.tipo_documento];
      const descripcion = (input.descripcion_motivo ?? motivo.descripcion).slice(0, 255);
      const fechaEmision = hoyLima();
      const credito = kind.tipo === 'NC';
      const contenido = kind.contenido({
        venta,
        rate: emisor.igvRate,
        descripcion,
        codigoMotivo: motivo.codigo_sunat,
        fechaEmision,
        monto_total: input.monto_total,
        monto: input.monto,
        items: input.items,
        cuotas: input.cuotas,
        ...(credito
          ? { lineas: await this.lineasVenta.lineas(venta, emisor.igvRate), acreditado: await this.lineasVenta.acreditado(manager, kind.tipo, venta.id_venta) }
          : {}),
      });
      if (credito) await this.assertAlcanceCompatible(manager, kind, venta, contenido.parcial);

      // Issue 21: the number is taken after every check, so its row lock (held to the commit) covers only the
      // signature, the note's inserts beside SUNAT's rules, and the commit.
      const numero = await this.series.nextAbove(manager, empresaId, kind.tipoDocumento, serie, kind.tabla);
      const datos = {
        serie,
        numero,
        fecha_emision: fechaEmision,
        hora_emision: horaLima(),
        moneda: venta.tipo_moneda || 'PEN',
        descripcion_motivo: descripcion,
        tipo_doc_afectado: venta.tipo_documento,
        serie_num_afectado: `${venta.serie}-${venta.numero}`,
      };
      const xml = buildNoteXml(toNote(kind, datos, motivo.codigo_sunat, venta, emisor, contenido));
      const nombre = nombreNota(kind, emisor.ruc, serie, numero);
      const { issued, written: nota } = await this.issuer.issueWhile(empresaId, nombre, xml, credentials, manager, async (signed) => {
        const guardada = await manager.save(
          kind.entity,
          manager.create(kind.entity, {
            ...datos,
            ...contenido.montos,
            id_empresa: empresaId,
            id_usuario: auth.userId,
            id_venta: venta.id_venta,
            motivo_id: motivo.id,
            estado: NOTA_PENDIENTE,
            hash_cpe: signed.hash,
            nombre_xml: signed.nombre_xml,
            xml_url: notaUrls.xml(kind, signed.nombre_xml),
            observaciones: [],
            parcial: contenido.parcial,
            lineas: contenido.parcial ? lineasImpresas(contenido) : null,
            cuotas: contenido.cuotas ?? null,
          }),
        );
        if (contenido.partes.length) {
          await manager.insert(
            NotaLinea,
            contenido.partes.map((p) => ({
              tipo: kind.tipo,
              id_nota: guardada.id,
              id_venta: venta.id_venta,
              id_detalle: p.id_detalle,
              id_producto: p.id_producto,
              cantidad: p.taken.cantidad,
              valor_venta: p.taken.valor_venta,
              igv: p.taken.igv,
              isc: p.taken.isc,
              isc_base: p.taken.isc_base,
              icbper: p.taken.icbper,
              total: p.taken.total,
              devolver_stock: p.devolver_stock,
            })),
          );
        }
        return guardada;
      });
      if (issued.observaciones.length) await manager.update(kind.entity, { id: nota.id }, { observaciones: issued.observaciones });
      nota.observaciones = issued.observaciones;
      // a note of a boleta is sent one by one too, once its boleta's daily summary is accepted (the queue waits)
      if (emisor.envioAutomatico) {
        await this.cola.encolar(manager, { empresaId, tipo: kind.tipoEnvio, idDocumento: nota.id, servicio: 'soap' });
      }
      await this.eventos.registrar(manager, {
        empresaId,
        tipo: 'documento.creado',
        recurso: recursoDeNota(kind.tipo),
        id: nota.id,
        data: toNotaView(nota, { motivo, venta }),
      });
      return { nota: toNotaView(nota, { motivo }), xml: { success: true, nombre_archivo: issued.nombre_xml, hash: issued.hash } };
    });
  }

  /**
   * Issue 19: a whole-sale note credits everything, so it cannot follow a live partial note with an amount,
   * and no partial note can follow a live whole-sale note (both would credit more than the sale).
   */
  private async assertAlcanceCompatible(manager: EntityManager, kind: NotaKind, venta: VentaView, parcial: boolean): Promise<void> {
    const qb = manager
      .createQueryBuilder(kind.entity, 'n')
      .where('n.id_venta = :idVenta AND n.estado IN (:...estados)', { idVenta: venta.id_venta, estados: [NOTA_PENDIENTE, NOTA_ACEPTADA] });
    if (parcial) {
      if (await qb.andWhere('n.parcial = false').getExists()) throw invalidField('id_venta', MSG_NOTA.ventaConNotaTotal);
    } else if (await qb.andWhere('n.parcial = true AND n.monto_total > 0').getExists()) {
      throw invalidField('id_venta', MSG_NOTA.ventaConNotasParciales);
    }
  }

  /** A total annulment (NC 01/02/06) is refused when another one for the sale is pending or accepted. */
  private async assertSinAnulacionPrevia(manager: EntityManager, kind: NotaKind, motivo: MotivoNota, venta: VentaView): Promise<void> {
    const codigos = kind.motivosAnulacionTotal;
    if (!codigos.includes(motivo.codigo_sunat)) return;
    const previa = await manager
      .createQueryBuilder(kind.entity, 'n')
      .innerJoin(MotivoNota, 'm', 'm.id = n.motivo_id')
      .where('n.id_venta = :idVenta AND n.estado IN (:...estados) AND m.codigo_sunat IN (:...codigos)', {
        idVenta: venta.id_venta,
        estados: [NOTA_PENDIENTE, NOTA_ACEPTADA],
        codigos: [...codigos],
      })
      .getExists();
    if (previa) throw invalidField('id_venta', MSG_NOTA.ventaYaAnuladaPorNota);
  }
}
