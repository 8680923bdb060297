import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { conflict, invalidField, notFound } from '@/common/errors/http-errors';
import { ClientesService } from '@/clientes/clientes.service';
import { EmpresasService, tieneCorreo } from '@/empresas/empresas.service';
import { Correo } from './correo.entity';
import { CorreoView, DocumentoAceptado, SolicitudCorreo, TipoCorreo } from './correo-tipos';

export const MSG_CORREO = {
  noAceptado: 'El comprobante aún no fue aceptado por SUNAT: no hay CDR que enviar.',
  sinAjustes: 'La empresa no tiene configurado el envío de correos (smtp_url y correo_remitente o email).',
  sinDestinatarios: 'El cliente no tiene email: indique destinatarios.',
  encolado: 'El correo se enviará en unos segundos.',
};

export function toCorreoView(c: Pick<Correo, 'estado' | 'destinatarios' | 'fecha' | 'detalle'>): CorreoView {
  return { estado: c.estado, destinatarios: c.destinatarios, fecha: new Date(c.fecha).toISOString(), detalle: c.detalle };
}

/**
 * The queue of mails to buyers. Documents are queued in the transaction that records SUNAT's acceptance (when the
 * company mails by itself and the client has an e-mail), or on request (POST …/enviar-correo); the sender in
 * CorreosModule delivers them. Every document module writes here; this module reads nothing of theirs.
 */
@Injectable()
export class ColaCorreos {
  constructor(
    private readonly dataSource: DataSource,
    private readonly empresas: EmpresasService,
    private readonly clientes: ClientesService,
  ) {}

  /** In the caller's transaction: one mail per accepted document whose client has an e-mail, if the company mails by itself. */
  async alAceptar(manager: EntityManager, empresaId: number, documentos: DocumentoAceptado[]): Promise<void> {
    if (!documentos.length) return;
    const empresa = await this.empresas.findById(empresaId, manager);
    if (!empresa?.correo_automatico || !tieneCorreo(empresa)) return;
    const clientes = await this.clientes.findManyForEmpresa(
      manager,
      empresaId,
      documentos.map((d) => d.idCliente),
    );
    const filas = documentos.flatMap((d) => {
      const email = clientes.get(d.idCliente)?.email?.trim();
      return email ? [{ id_empresa: empresaId, tipo: d.tipo, id_documento: d.idDocumento, destinatarios: [email] }] : [];
    });
    if (filas.length) await manager.insert(Correo, filas);
  }

  /**
   * POST …/enviar-correo: 409 when SUNAT has not accepted the document or the company has no mail settings, 422
   * when there is nobody to send it to; otherwise a new mail in the queue (a resend is a new mail).
   */
  async solicitar(empresaId: number, s: SolicitudCorreo): Promise<CorreoView> {
    if (!s.aceptado) throw conflict(MSG_CORREO.noAceptado);
    const empresa = await this.empresas.findById(empresaId);
    if (!empresa) throw notFound('Empresa');
    if (!tieneCorreo(empresa)) throw conflict(MSG_CORREO.sinAjustes);
    const cliente = s.destinatarios || s.idCliente === null ? null : await this.clientes.findForEmpresa(this.dataSource.manager, empresaId, s.idCliente);
    const email = cliente?.email?.trim();
    const destinatarios = s.destinatarios ?? (email ? [email] : []);
    if (!destinatarios.length) throw invalidField('destinatarios', MSG_CORREO.sinDestinatarios);
    const [fila] = (await this.dataSource.query(
      `INSERT INTO correos (id_empresa, tipo, id_documento, destinatarios) VALUES ($1, $2, $3, $4) RETURNING estado, destinatarios, fecha, detalle`,
      [empresaId, s.tipo, s.idDocumento, destinatarios],
    )) as Correo[];
    return toCorreoView(fila);
  }

  /** The document's last mail, or null. */
  async ultimo(tipo: TipoCorreo, idDocumento: number): Promise<CorreoView | null> {
    const fila = await this.dataSource.getRepository(Correo).findOne({ where: { tipo, id_documento: idDocumento }, order: { id: 'DESC' } });
    return fila ? toCorreoView(fila) : null;
  }
}

/** 202: the mail is queued, not yet delivered. */
export function correoEncolado(correo: CorreoView) {
  return { success: true, message: MSG_CORREO.encolado, correo };
}
