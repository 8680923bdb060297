import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { sunatConfig } from '@/config/sunat.config';
import { DataSource, EntityManager } from 'typeorm';
import { alreadyAccepted, conflict } from '@/common/errors/http-errors';
import { ColaCorreos } from '@/correos/cola-correos.service';
import { EmisorService } from '@/empresas/emisor.service';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { BillVerdict, envioRespuesta, EnvioRespuesta } from '@/sunat/nest/bill-verdict';
import { EnvioBill, TipoBill } from '@/sunat/nest/envio-bill';
import { Eventos } from '@/eventos/eventos.service';
import { eventoDeVeredicto, recursoDeNota } from '@/eventos/tipos-evento';
import { NOTA_ACEPTADA, NOTA_ANULADA, NOTA_RECHAZADA, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import { VentasService } from '@/ventas/ventas.service';
import { NotaBase } from './entities/nota-base';
import { NotaLinea } from './entities/nota-linea.entity';
import { StockService } from '@/productos/stock.service';
import { bloquearNota } from './nota-bloqueo';
import { NotaKind, notaUrls } from './nota-kind';
import { MSG_NOTA } from './nota-messages';
import { NOTA_CREDITO } from '@/notas-credito/nota-credito.kind';
import { NOTA_DEBITO } from '@/notas-debito/nota-debito.kind';

export type EnvioNotaRespuesta = EnvioRespuesta;

/**
 * POST {id}/enviar: sendBill of the stored XML through the shared send lifecycle (EnvioBill: a short transaction
 * claims the note, the call runs without holding a connection, a second transaction applies SUNAT's verdict to the
 * note and, for an accepted credit note, to the sale; a second concurrent send is a 409; a transport failure (502)
 * leaves the note pendiente, to be sent again). Notes a crash left in the middle of a send are settled with
 * getStatusCdr at start-up and by the send queue's sweep.
 */
@Injectable()
export class NotaEnvioService implements OnApplicationBootstrap {
  private readonly logger = new Logger('NotaEnvio');
  private readonly envio: EnvioBill;
  private readonly tipos = new Map<NotaKind, TipoBill<NotaBase>>();

  constructor(
    dataSource: DataSource,
    emisores: EmisorService,
    issuer: DocumentIssuer,
    private readonly ventas: VentasService,
    private readonly stock: StockService,
    private readonly correos: ColaCorreos,
    private readonly eventos: Eventos,
    @Inject(sunatConfig.KEY) sunat: ConfigType<typeof sunatConfig>,
  ) {
    this.envio = new EnvioBill(
      dataSource,
      issuer,
      async (empresaId) => (await emisores.forEmpresa(empresaId)).context(),
      () => 2 * sunat.timeoutMs + 30_000,
      this.logger,
    );
  }

  /** Start-up: notes a crash left in the middle of a send are asked about (in the background, the boot does not wait). */
  onApplicationBootstrap(): void {
    void this.reconciliarInterrumpidas().catch((error: unknown) => this.logger.error(`Conciliación de envíos interrumpidos: ${(error as Error).message}`));
  }

  async reconciliarInterrumpidas(): Promise<number> {
    let resueltas = 0;
    for (const kind of [NOTA_CREDITO, NOTA_DEBITO]) resueltas += await this.reconciliar(kind);
    return resueltas;
  }

  /** One kind's interrupted sends (the send queue settles each kind on its own). */
  reconciliar(kind: NotaKind): Promise<number> {
    return this.envio.reconciliar(this.tipoDe(kind));
  }

  enviar(kind: NotaKind, empresaId: number, id: number): Promise<EnvioNotaRespuesta> {
    return this.envio.enviar(this.tipoDe(kind), empresaId, id);
  }

  private tipoDe(kind: NotaKind): TipoBill<NotaBase> {
    let tipo = this.tipos.get(kind);
    if (!tipo) {
      tipo = {
        entity: kind.entity,
        clave: 'id',
        etiqueta: kind.recurso,
        bloquear: (manager, empresaId, id) => bloquearNota(manager, kind, empresaId, id),
        assertEnviable: (nota, reclamoVivo) => {
          if (nota.estado === NOTA_ACEPTADA) throw alreadyAccepted();
          if (nota.estado === NOTA_RECHAZADA) throw conflict(MSG_NOTA.rechazada);
          if (nota.estado === NOTA_ANULADA) throw conflict(MSG_NOTA.anulada);
          if (reclamoVivo) throw conflict(MSG_NOTA.enviando);
        },
        registrar: (manager, nota, verdict) => this.registrar(manager, kind, nota, verdict),
      };
      this.tipos.set(kind, tipo);
    }
    return tipo;
  }

  private async registrar(manager: EntityManager, kind: NotaKind, nota: NotaBase, verdict: BillVerdict): Promise<EnvioNotaRespuesta> {
    const cdrUrl = notaUrls.cdr(kind, nota.id);
    const sunat = { codigo_sunat: verdict.codigo, mensaje_sunat: verdict.mensajeSunat };
    if (verdict.kind === 'accepted') {
      // the CDR's notes join the observations the rules made at signing (same 'codigo - mensaje' form)
      const observaciones = [...new Set([...(nota.observaciones ?? []), ...verdict.observaciones])];
      await manager.update(kind.entity, { id: nota.id }, { estado: NOTA_ACEPTADA, ...sunat, cdr_url: cdrUrl, observaciones });
      const idCliente = (await this.ventas.clientesDe(manager, nota.id_empresa, [nota.id_venta])).get(nota.id_venta);
      if (idCliente) await this.correos.alAceptar(manager, nota.id_empresa, [{ tipo: kind.tipoEnvio, idDocumento: nota.id, idCliente }]);
      await this.ventas.ajustarSaldo(manager, nota.id_venta, kind.tipo === 'NC' ? { credito: nota.monto_total } : { debito: nota.monto_total });
      if (nota.parcial) await this.devolverStock(manager, kind, nota);
      if (kind.anulaVenta && !nota.parcial) {
        await this.ventas.setSunatState(manager, nota.id_venta, {
          estado: VENTA_ANULADA,
          estado_sunat: SUNAT_RECHAZADA,
          mensaje_sunat: `Anulada por la ${kind.recurso.toLowerCase()} ${nota.serie}-${nota.numero} aceptada por SUNAT.`,
        });
        const venta = await this.ventas.findForEmpresa(nota.id_empresa, nota.id_venta, manager);
        await this.eventos.registrar(manager, { empresaId: nota.id_empresa, tipo: 'documento.anulado', recurso: 'venta', id: nota.id_venta, data: venta });
      }
    } else if (verdict.kind === 'rejected') {
      // The number is spent at SUNAT: the note stays rejected; a new note is the way forward.
      await manager.update(kind.entity, { id: nota.id }, { estado: NOTA_RECHAZADA, ...sunat, cdr_url: cdrUrl });
    } else {
      // Refused without registering (SOAP fault): the number is not consumed, the note stays pendiente.
      await manager.update(kind.entity, { id: nota.id }, sunat);
    }
    await this.eventos.registrar(manager, { empresaId: nota.id_empresa, tipo: eventoDeVeredicto(verdict), recurso: recursoDeNota(kind.tipo), id: nota.id });
    return envioRespuesta(verdict, cdrUrl);
  }

  /** Reason 07: the returned units of catalogue products go back to stock ('ingreso'), in this transaction. */
  private async devolverStock(manager: EntityManager, kind: NotaKind, nota: NotaBase): Promise<void> {
    const lineas = await manager.find(NotaLinea, { where: { tipo: kind.tipo, id_nota: nota.id, devolver_stock: true }, order: { id: 'ASC' } });
    const referencia = `${nota.serie}-${nota.numero}`;
    await this.stock.moveMany(
      manager,
      lineas
        .filter((l) => l.id_producto !== null)
        .map((l, i) => ({
          empresaId: nota.id_empresa,
          productoId: l.id_producto!,
          tipo: 'ingreso' as const,
          cantidad: l.cantidad,
          motivo: `Devolución ${kind.recurso.toLowerCase()} ${referencia} (${nota.serie_num_afectado})`,
          referencia,
          userId: nota.id_usuario,
          campo: `items.${i}.cantidad`,
        })),
    );
  }
}
