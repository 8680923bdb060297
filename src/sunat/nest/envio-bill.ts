import { Logger } from '@nestjs/common';
import { DataSource, EntityManager, EntityTarget, FindOptionsWhere, IsNull, LessThan, Not, ObjectLiteral } from 'typeorm';
import { xmlNotGenerated } from '@/common/errors/domain-error';
import { SunatContext } from '../gateway/credentials';
import { billVerdict, BillVerdict, cdrAjeno, desenlaceDeConciliacion, EnvioRespuesta } from './bill-verdict';
import { DocumentIssuer } from './document-issuer';
import { documentNameOf } from './storage-keys';

/** What the send lifecycle reads and writes of a document that goes by sendBill (a sale, a note). */
export interface DocumentoBill extends ObjectLiteral {
  id_empresa: number;
  nombre_xml: string | null;
  enviando_desde: Date | null;
}

/** One kind of sendBill document: its table, its lock, when it may be sent, and what SUNAT's verdict changes. */
export interface TipoBill<T extends DocumentoBill> {
  entity: EntityTarget<T>;
  /** The primary key's property ('id_venta', 'id'). */
  clave: string;
  /** For the log: 'Venta', 'Nota de crédito'. */
  etiqueta: string;
  /** The company's document, row-locked for the claim; a document someone else is sending is a 409. */
  bloquear(manager: EntityManager, empresaId: number, id: number): Promise<T>;
  /** Throws the 409 that says why this document is not to be sent (accepted, rejected, being sent...). */
  assertEnviable(documento: T, reclamoVivo: boolean): void;
  /** Applies SUNAT's verdict (in the transaction that clears the claim) and answers as POST …/enviar does. */
  registrar(manager: EntityManager, documento: T, verdict: BillVerdict): Promise<EnvioRespuesta>;
}

/**
 * The send lifecycle of every sendBill document, one copy for all kinds: a short transaction claims the document
 * (`enviando_desde`) and commits; sendBill runs without holding a connection (the issuer reconciles a lost answer with
 * getStatusCdr); a second transaction applies the verdict and clears the claim. A failed call clears the claim (and
 * flags a CDR about another document). A claim older than a send can take was left by a crash: `reconciliar` asks
 * SUNAT about it, and a send that takes it over asks SUNAT (getStatusCdr) before any upload.
 */
export class EnvioBill {
  constructor(
    private readonly dataSource: DataSource,
    private readonly issuer: DocumentIssuer,
    private readonly contexto: (empresaId: number) => Promise<SunatContext>,
    /** The longest a send can take (sendBill, then getStatusCdr when its answer is lost). */
    private readonly staleMs: () => number,
    private readonly logger: Logger,
  ) {}

  async enviar<T extends DocumentoBill>(tipo: TipoBill<T>, empresaId: number, id: number): Promise<EnvioRespuesta> {
    const ctx = await this.contexto(empresaId);
    const porId = { [tipo.clave]: id } as FindOptionsWhere<T>;
    const { name, interrumpido, reclamoAnterior } = await this.dataSource.transaction(async (manager) => {
      const documento = await tipo.bloquear(manager, empresaId, id);
      const desde = documento.enviando_desde ? new Date(documento.enviando_desde).getTime() : null;
      const vivo = desde !== null && Date.now() - desde < this.staleMs();
      tipo.assertEnviable(documento, vivo);
      const nombre = documento.nombre_xml ? documentNameOf(documento.nombre_xml) : null;
      if (!nombre) throw xmlNotGenerated();
      await manager.update(tipo.entity, porId, { enviando_desde: () => 'now()' } as never);
      // a claim a crash left behind: the document may be at SUNAT already
      return { name: nombre, interrumpido: desde !== null && !vivo, reclamoAnterior: documento.enviando_desde };
    });
    let verdict: BillVerdict;
    let result: Awaited<ReturnType<DocumentIssuer['sendBill']>> | undefined;
    try {
      // after a crash, SUNAT is asked first (getStatusCdr): only 'not found' makes a second upload safe
      const recuperado = interrumpido ? await this.issuer.recoverBill(ctx, empresaId, name) : null;
      result = recuperado && recuperado.kind !== 'not-found' ? recuperado : await this.issuer.sendBill(ctx, empresaId, name);
      verdict = billVerdict(result);
    } catch (error) {
      // a CDR about another document (SUNAT's beta: another company's, same serie-número) flags the document
      const ajeno = cdrAjeno(result);
      // an interrupted send whose outcome is still unknown keeps its old claim, so the next one asks SUNAT first again
      const reclamo = interrumpido && !ajeno ? reclamoAnterior : null;
      await this.dataSource.getRepository(tipo.entity).update(porId, { enviando_desde: reclamo, ...(ajeno ? { mensaje_sunat: ajeno } : {}) } as never);
      throw error;
    }
    return this.dataSource.transaction(async (manager) => {
      const documento = await manager.findOneOrFail(tipo.entity, { where: porId, lock: { mode: 'pessimistic_write' } });
      await manager.update(tipo.entity, porId, { enviando_desde: null } as never);
      return tipo.registrar(manager, documento, verdict);
    });
  }

  /**
   * Documents whose send claim is older than a send can take: getStatusCdr decides; 'not found' frees them to be
   * sent again. A CDR is taken only when it is about the document's own XML (serie-número, hash, customer); another
   * one frees the claim and flags mensaje_sunat. Unreachable: left for the next sweep or the next send.
   */
  async reconciliar<T extends DocumentoBill>(tipo: TipoBill<T>): Promise<number> {
    const pendientes = await this.dataSource.getRepository(tipo.entity).find({
      where: { enviando_desde: LessThan(new Date(Date.now() - this.staleMs())) } as FindOptionsWhere<T>,
      take: 500,
    });
    let resueltas = 0;
    for (const p of pendientes) {
      const id = p[tipo.clave] as number;
      const name = p.nombre_xml ? documentNameOf(p.nombre_xml) : null;
      const result = name ? await this.issuer.recoverBill(await this.contexto(p.id_empresa), p.id_empresa, name) : null;
      const desenlace = desenlaceDeConciliacion(result);
      if (desenlace.kind === 'esperar') continue;
      const hecho = await this.dataSource.transaction(async (manager) => {
        const where = { [tipo.clave]: id, enviando_desde: Not(IsNull()) } as FindOptionsWhere<T>;
        const documento = await manager.findOne(tipo.entity, { where, lock: { mode: 'pessimistic_write' } });
        if (!documento) return false;
        const flag = desenlace.kind === 'ajeno' ? { mensaje_sunat: desenlace.mensajeSunat } : {};
        await manager.update(tipo.entity, { [tipo.clave]: id } as FindOptionsWhere<T>, { enviando_desde: null, ...flag } as never);
        if (desenlace.kind === 'registrar') await tipo.registrar(manager, documento, desenlace.verdict);
        return true;
      });
      if (!hecho) continue;
      resueltas++;
      if (desenlace.kind === 'registrar') this.logger.log(`${tipo.etiqueta} ${id}: envío interrumpido conciliado (${desenlace.verdict.kind})`);
      // a CDR about another document is never taken: the document keeps its state, flagged, free to be sent again
      if (desenlace.kind === 'ajeno') this.logger.warn(`${tipo.etiqueta} ${id}: conciliación con un CDR ajeno, no aceptada (${desenlace.mensajeSunat})`);
    }
    return resueltas;
  }
}
