import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { sunatConfig } from '@/config/sunat.config';
import { DataSource, EntityManager, IsNull, LessThan, Not } from 'typeorm';
import { alreadyAccepted, conflict, xmlMissing } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { billVerdict, BillVerdict, cdrAjeno, desenlaceDeConciliacion, envioRespuesta, EnvioRespuesta } from '@/sunat/nest/bill-verdict';
import { documentNameOf } from '@/sunat/nest/storage-keys';
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
 * POST {id}/enviar: sendBill of the stored XML (the issuer reconciles lost answers with getStatusCdr and
 * stores the CDR), without holding a database connection while SUNAT answers: a first short transaction
 * claims the note (`enviando_desde`; a second concurrent send is a 409) and commits; the call runs; a second
 * transaction applies SUNAT's verdict to the note and, for an accepted credit note, to the sale. Transport
 * failures (502) clear the claim: the note stays pendiente and can be sent again. A claim older than a send
 * can take was left by a crash: it is settled at start-up by asking SUNAT (getStatusCdr), or taken over by the
 * next send.
 */
@Injectable()
export class NotaEnvioService implements OnApplicationBootstrap {
  private readonly logger = new Logger('NotaEnvio');

  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly ventas: VentasService,
    private readonly stock: StockService,
    @Inject(sunatConfig.KEY) private readonly sunat: ConfigType<typeof sunatConfig>,
  ) {}

  /** The longest a send can take (sendBill, then getStatusCdr when its answer is lost). */
  private get staleMs(): number {
    return 2 * this.sunat.timeoutMs + 30_000;
  }

  /** Start-up: notes a crash left in the middle of a send are asked about (in the background, the boot does not wait). */
  onApplicationBootstrap(): void {
    void this.reconciliarInterrumpidas().catch((error: unknown) => this.logger.error(`Conciliación de envíos interrumpidos: ${(error as Error).message}`));
  }

  /**
   * Credit and debit notes whose send claim is older than a send can take: getStatusCdr decides (its CDR is taken
   * only when it is about the note's own XML, as for sales); 'not found' frees them to be sent again.
   */
  async reconciliarInterrumpidas(): Promise<number> {
    let resueltas = 0;
    for (const kind of [NOTA_CREDITO, NOTA_DEBITO]) resueltas += await this.reconciliar(kind);
    return resueltas;
  }

  /** One kind's interrupted sends (the send queue settles each kind on its own). */
  async reconciliar(kind: NotaKind): Promise<number> {
    const pendientes = await this.dataSource.getRepository(kind.entity).find({
      select: { id: true, id_empresa: true, nombre_xml: true },
      where: { enviando_desde: LessThan(new Date(Date.now() - this.staleMs)) },
      take: 500,
    });
    let resueltas = 0;
    for (const p of pendientes) {
      const name = p.nombre_xml ? documentNameOf(p.nombre_xml) : null;
      const result = name ? await this.issuer.recoverBill((await this.emisores.forEmpresa(p.id_empresa)).context(), p.id_empresa, name) : null;
      const desenlace = desenlaceDeConciliacion(result);
      if (desenlace.kind === 'esperar') continue; // unreachable: left for the next start or the next send
      const hecho = await this.dataSource.transaction(async (manager) => {
        const nota = await manager.findOne(kind.entity, { where: { id: p.id, enviando_desde: Not(IsNull()) }, lock: { mode: 'pessimistic_write' } });
        if (!nota) return false;
        await manager.update(
          kind.entity,
          { id: nota.id },
          { enviando_desde: null, ...(desenlace.kind === 'ajeno' ? { mensaje_sunat: desenlace.mensajeSunat } : {}) },
        );
        if (desenlace.kind === 'registrar') await this.registrar(manager, kind, nota, desenlace.verdict);
        return true;
      });
      if (!hecho) continue;
      resueltas++;
      if (desenlace.kind === 'registrar') this.logger.log(`${kind.recurso} ${p.id}: envío interrumpido conciliado (${desenlace.verdict.kind})`);
      if (desenlace.kind === 'ajeno') this.logger.warn(`${kind.recurso} ${p.id}: conciliación con un CDR ajeno, no aceptada (${desenlace.mensajeSunat})`);
    }
    return resueltas;
  }

  async enviar(kind: NotaKind, empresaId: number, id: number): Promise<EnvioNotaRespuesta> {
    const emisor = await this.emisores.forEmpresa(empresaId);
    const staleMs = this.staleMs;
    const name = await this.dataSource.transaction(async (manager) => {
      const nota = await bloquearNota(manager, kind, empresaId, id);
      if (nota.estado === NOTA_ACEPTADA) throw alreadyAccepted();
      if (nota.estado === NOTA_RECHAZADA) throw conflict(MSG_NOTA.rechazada);
      if (nota.estado === NOTA_ANULADA) throw conflict(MSG_NOTA.anulada);
      if (nota.enviando_desde && Date.now() - new Date(nota.enviando_desde).getTime() < staleMs) throw conflict(MSG_NOTA.enviando);
      const nombre = nota.nombre_xml ? documentNameOf(nota.nombre_xml) : null;
      if (!nombre) throw xmlMissing();
      await manager.update(kind.entity, { id }, { enviando_desde: () => 'now()' });
      return nombre;
    });
    let verdict: BillVerdict;
    let result: Awaited<ReturnType<DocumentIssuer['sendBill']>> | undefined;
    try {
      result = await this.issuer.sendBill(emisor.context(), empresaId, name);
      verdict = billVerdict(result);
    } catch (error) {
      // a CDR about another document (SUNAT's beta: another company's, same serie-número) flags the note
      const ajeno = cdrAjeno(result);
      await this.dataSource.getRepository(kind.entity).update({ id }, { enviando_desde: null, ...(ajeno ? { mensaje_sunat: ajeno } : {}) });
      throw error;
    }
    return this.dataSource.transaction(async (manager) => {
      const nota = await manager.findOneOrFail(kind.entity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      await manager.update(kind.entity, { id }, { enviando_desde: null });
      return this.registrar(manager, kind, nota, verdict);
    });
  }

  private async registrar(manager: EntityManager, kind: NotaKind, nota: NotaBase, verdict: BillVerdict): Promise<EnvioNotaRespuesta> {
    const cdrUrl = notaUrls.cdr(kind, nota.id);
    const sunat = { codigo_sunat: verdict.codigo, mensaje_sunat: verdict.mensajeSunat };
    if (verdict.kind === 'accepted') {
      // the CDR's notes join the observations the rules made at signing (same 'codigo - mensaje' form)
      const observaciones = [...new Set([...(nota.observaciones ?? []), ...verdict.observaciones])];
      await manager.update(kind.entity, { id: nota.id }, { estado: NOTA_ACEPTADA, ...sunat, cdr_url: cdrUrl, observaciones });
      await this.ventas.ajustarSaldo(manager, nota.id_venta, kind.tipo === 'NC' ? { credito: nota.monto_total } : { debito: nota.monto_total });
      if (nota.parcial) await this.devolverStock(manager, kind, nota);
      if (kind.anulaVenta && !nota.parcial) {
        await this.ventas.setSunatState(manager, nota.id_venta, {
          estado: VENTA_ANULADA,
          estado_sunat: SUNAT_RECHAZADA,
          mensaje_sunat: `Anulada por la ${kind.recurso.toLowerCase()} ${nota.serie}-${nota.numero} aceptada por SUNAT.`,
        });
      }
    } else if (verdict.kind === 'rejected') {
      // The number is spent at SUNAT: the note stays rejected; a new note is the way forward.
      await manager.update(kind.entity, { id: nota.id }, { estado: NOTA_RECHAZADA, ...sunat, cdr_url: cdrUrl });
    } else {
      // Refused without registering (SOAP fault): the number is not consumed, the note stays pendiente.
      await manager.update(kind.entity, { id: nota.id }, sunat);
    }
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
