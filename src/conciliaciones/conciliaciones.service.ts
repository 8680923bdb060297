import { CONCILIACION_EN_CURSO, CONCILIACION_ERROR, CONCILIACION_TERMINADA } from '@/common/estados';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { venceEnvioSunat } from '@/common/plazos';
import { notFound } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { ResumenDiarioService } from '@/resumen-diario/resumen-diario.service';
import { SunatContext } from '@/sunat/gateway/credentials';
import { ValidityQueryResult } from '@/sunat/gateway/results';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { ColaEnvios } from '@/sunat/nest/envios/cola-envios.service';
import { DocumentoConciliado, FASES_CONCILIACION, FaseConciliacion, paginaDeDocumentos } from './conciliacion-documentos';
import { Eventos } from '@/eventos/eventos.service';
import { accionConciliacion, AccionConciliacion, estadoSunatConciliado } from './conciliacion-reglas';
import { anotar, encolarReenvio, marcarAceptado, TEXTO_REPARACION } from './conciliacion-reparaciones';
import { conciliacionVista, ConciliacionFila, DiferenciaFila } from './conciliacion-vista';

/** Documents asked about per page: the cursor is saved after each one. */
export const PAGINA_CONCILIACION = 100;
/** Validity checks of one reconciliation at once (every call also waits its turn in the SUNAT send limiter). */
export const CONCURRENCIA_CONCILIACION = 4;

/** How a page ended: more to do, done, or stopped by SUNAT not answering (the cursor did not move). */
export type FinDePagina = 'sigue' | 'terminada' | 'sin_respuesta';

interface Hallazgo {
  doc: DocumentoConciliado;
  estadoSunat: string;
  accion: AccionConciliacion;
  reparado: boolean;
  detalle: string | null;
}

/**
 * Reconciliation with SUNAT (API.md "Reconciliation with SUNAT"): every sale, credit and debit note of the dates is
 * asked about through SUNAT's validity check, page by page in id order, the cursor (kind, last id) saved with each
 * page's differences, so a restart resumes where it stopped. Safe repairs are applied as found; the rest is listed.
 */
@Injectable()
export class ConciliacionesService {
  private readonly logger = new Logger('Conciliaciones');

  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly cola: ColaEnvios,
    private readonly resumenes: ResumenDiarioService,
    private readonly eventos: Eventos,
  ) {}

  async crear(empresaId: number, userId: number | null, desde: string, hasta: string) {
    const [fila]: ConciliacionFila[] = await this.dataSource.query(
      `INSERT INTO conciliaciones (id_empresa, id_usuario, desde, hasta) VALUES ($1, $2, $3, $4) RETURNING *, desde::text AS desde, hasta::text AS hasta`,
      [empresaId, userId, desde, hasta],
    );
    return conciliacionVista(fila, []);
  }

  async ver(empresaId: number, id: number) {
    const [fila]: ConciliacionFila[] = await this.dataSource.query(
      `SELECT *, desde::text AS desde, hasta::text AS hasta FROM conciliaciones WHERE id = $1 AND id_empresa = $2`,
      [id, empresaId],
    );
    if (!fila) throw notFound('Conciliación');
    const diferencias: DiferenciaFila[] = await this.dataSource.query(
      `SELECT *, fecha_emision::text AS fecha_emision FROM conciliacion_diferencias WHERE id_conciliacion = $1 ORDER BY id`,
      [id],
    );
    return conciliacionVista(fila, diferencias);
  }

  /** One page of a reconciliation still running: asks SUNAT, repairs what is safe, records the rest, moves the cursor. */
  async procesarPagina(id: number, limite = PAGINA_CONCILIACION): Promise<FinDePagina> {
    const [c]: ConciliacionFila[] = await this.dataSource.query(
      `SELECT *, desde::text AS desde, hasta::text AS hasta FROM conciliaciones WHERE id = $1 AND estado = $2`,
      [id, CONCILIACION_EN_CURSO],
    );
    if (!c) return 'terminada';
    const fase = c.fase as FaseConciliacion;
    const docs = await paginaDeDocumentos(this.dataSource.manager, fase, c.id_empresa, c.desde, c.hasta, c.ultimo_id, limite);
    if (!docs.length) return this.siguienteFase(c.id, fase);

    const emisor = await this.emisores.forEmpresa(c.id_empresa);
    const ctx = emisor.context();
    const respuestas = await enParalelo(docs, CONCURRENCIA_CONCILIACION, (doc) =>
      this.issuer
        .checkValidity(ctx, c.id_empresa, {
          ruc: emisor.ruc,
          tipo: doc.codigo,
          serie: doc.serie,
          numero: doc.numero,
          fechaEmision: doc.fecha_emision,
          monto: doc.monto,
        })
        // the SUNAT limiter full (issuing comes first): the page waits, like SUNAT not answering
        .catch((error: Error): ValidityQueryResult => ({ kind: 'not-sent', message: error.message })),
    );
    const sinRespuesta = respuestas.find((r) => r.kind === 'not-sent' || r.kind === 'unknown');
    if (sinRespuesta) {
      await this.dataSource.query(`UPDATE conciliaciones SET mensaje = $2 WHERE id = $1`, [c.id, `SUNAT no respondió: ${sinRespuesta.message}`.slice(0, 1000)]);
      return 'sin_respuesta';
    }
    const credenciales = respuestas.find((r) => r.kind === 'exception' && (r.source === 'oauth' || r.code === 'sin-credenciales'));
    if (credenciales && credenciales.kind === 'exception') {
      await this.dataSource.query(`UPDATE conciliaciones SET estado = $2, mensaje = $3, terminado_en = now() WHERE id = $1`, [
        c.id,
        CONCILIACION_ERROR,
        `La consulta de validez de SUNAT no aceptó las credenciales de la empresa: ${credenciales.message}`.slice(0, 1000),
      ]);
      return 'terminada';
    }

    const hallazgos: Hallazgo[] = [];
    const porResumir: DocumentoConciliado[] = [];
    let fallidos = 0;
    docs.forEach((doc, i) => {
      const r = respuestas[i];
      if (r.kind !== 'validity') {
        fallidos++;
        hallazgos.push({ doc, estadoSunat: 'sin_respuesta', accion: 'revisar', reparado: false, detalle: r.message.slice(0, 1000) });
        return;
      }
      const montoDistinto = r.observaciones.length > 0;
      const decision = accionConciliacion({
        nuestro: doc.nuestro,
        sunat: r.state,
        montoDistinto,
        dentroDePlazo: venceEnvioSunat(doc.deBoleta ? 'boleta' : 'factura', doc.fecha_emision).getTime() > Date.now(),
        porResumen: doc.tipo === 'venta' && doc.codigo === '03',
      });
      if (!decision) return;
      const hallazgo: Hallazgo = {
        doc,
        estadoSunat: estadoSunatConciliado(r.state),
        accion: decision.accion,
        reparado: false,
        detalle: montoDistinto ? r.observaciones.join('; ').slice(0, 1000) : null,
      };
      hallazgos.push(hallazgo);
      if (decision.segura && decision.accion === 'resumir') porResumir.push(doc);
    });

    const resumidos = await this.resumir(c.id_empresa, porResumir);
    const conCdr = await this.cdrs(ctx, c.id_empresa, hallazgos);
    const nuevas: Hallazgo[] = [];
    await this.dataSource.transaction(async (manager) => {
      const [vigente] = await manager.query(`SELECT id FROM conciliaciones WHERE id = $1 AND estado = $2 AND fase = $3 AND ultimo_id = $4 FOR UPDATE`, [
        c.id,
        CONCILIACION_EN_CURSO,
        fase,
        c.ultimo_id,
      ]);
      if (!vigente) return; // another process did this page meanwhile
      for (const h of hallazgos) {
        if (h.accion === 'marcar_aceptado') h.reparado = await marcarAceptado(manager, h.doc, conCdr.has(h.doc));
        else if (h.accion === 'reenviar' && h.estadoSunat === 'no_existe') {
          await encolarReenvio(manager, this.cola, c.id_empresa, h.doc);
          h.reparado = true;
        } else if (h.accion === 'resumir' && resumidos.has(h.doc)) {
          await anotar(manager, h.doc, TEXTO_REPARACION.resumir());
          h.reparado = true;
        } else if (h.accion === 'resumir') {
          h.detalle = resumidos.error ?? h.detalle;
        }
        const inserted: unknown[] = await manager.query(
          `INSERT INTO conciliacion_diferencias
             (id_conciliacion, tipo, id_documento, tipo_comprobante, numero_completo, fecha_emision, estado_nuestro, estado_sunat, accion, reparado, detalle)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id`,
          [c.id, h.doc.tipo, h.doc.id, h.doc.codigo, h.doc.numero_completo, h.doc.fecha_emision, h.doc.nuestro, h.estadoSunat, h.accion, h.reparado, h.detalle],
        );
        if (!inserted.length) continue;
        nuevas.push(h);
        // one event per difference, committed with it (a page done again after a restart finds it recorded)
        await this.eventos.registrar(manager, {
          empresaId: c.id_empresa,
          tipo: 'conciliacion.diferencia',
          recurso: 'conciliacion',
          id: c.id,
          clave: `${c.id}:${h.doc.tipo}:${h.doc.id}`,
          data: {
            id_conciliacion: c.id,
            documento: {
              tipo: h.doc.tipo,
              id: h.doc.id,
              tipo_comprobante: h.doc.codigo,
              numero_completo: h.doc.numero_completo,
              fecha_emision: h.doc.fecha_emision,
            },
            estado_nuestro: h.doc.nuestro,
            estado_sunat: h.estadoSunat,
            accion: h.accion,
            reparado: h.reparado,
            detalle: h.detalle,
          },
        });
      }
      await manager.query(
        `UPDATE conciliaciones SET ultimo_id = $2, revisados = revisados + $3, diferencias = diferencias + $4, reparados = reparados + $5,
                fallidos = fallidos + $6, mensaje = NULL WHERE id = $1`,
        [c.id, docs[docs.length - 1].id, docs.length, nuevas.length, nuevas.filter((h) => h.reparado).length, fallidos],
      );
    });
    return 'sigue';
  }

  /** Runs a reconciliation's pages until it ends, SUNAT stops answering, or `seguir` says stop. */
  async procesar(id: number, seguir: () => boolean = () => true): Promise<FinDePagina> {
    for (;;) {
      const fin = await this.procesarPagina(id);
      if (fin !== 'sigue' || !seguir()) return fin;
    }
  }

  private async siguienteFase(id: number, fase: FaseConciliacion): Promise<FinDePagina> {
    const siguiente = FASES_CONCILIACION[FASES_CONCILIACION.indexOf(fase) + 1];
    if (siguiente) {
      await this.dataSource.query(`UPDATE conciliaciones SET fase = $3, ultimo_id = 0 WHERE id = $1 AND fase = $2`, [id, fase, siguiente]);
      return 'sigue';
    }
    await this.dataSource.query(`UPDATE conciliaciones SET estado = $2, terminado_en = now(), tomada_hasta = NULL WHERE id = $1 AND estado = $3`, [
      id,
      CONCILIACION_TERMINADA,
      CONCILIACION_EN_CURSO,
    ]);
    return 'terminada';
  }

  /** Boletas SUNAT never got, within the summary's window: reported in daily summaries, one per issue date. */
  private async resumir(empresaId: number, boletas: DocumentoConciliado[]): Promise<Set<DocumentoConciliado> & { error?: string }> {
    const hechas: Set<DocumentoConciliado> & { error?: string } = new Set();
    const porFecha = new Map<string, DocumentoConciliado[]>();
    for (const b of boletas) porFecha.set(b.fecha_emision, [...(porFecha.get(b.fecha_emision) ?? []), b]);
    for (const [fecha, grupo] of porFecha) {
      try {
        await this.resumenes.enviar({ empresaId, userId: null }, { ids: grupo.map((b) => b.id), fecha_resumen: fecha });
        grupo.forEach((b) => hechas.add(b));
      } catch (error) {
        hechas.error = `No se pudo informar en un resumen diario: ${(error as Error).message}`.slice(0, 1000);
        this.logger.warn(`Empresa ${empresaId}: ${hechas.error}`);
      }
    }
    return hechas;
  }

  /** The CDR of facturas and their notes SUNAT accepted (getStatusCdr answers only F series); boletas have none to ask for. */
  private async cdrs(ctx: SunatContext, empresaId: number, hallazgos: Hallazgo[]) {
    const con = new Set<DocumentoConciliado>();
    for (const h of hallazgos) {
      if (h.accion !== 'marcar_aceptado' || !h.doc.nombre_xml || !h.doc.serie.startsWith('F')) continue;
      try {
        const result = await this.issuer.recoverBill(ctx, empresaId, h.doc.nombre_xml.replace(/\.xml$/, ''));
        if (result.kind === 'accepted') con.add(h.doc);
      } catch (error) {
        // without its CDR the acceptance is still SUNAT's: the trace says it came without one
        this.logger.warn(`CDR de ${h.doc.numero_completo} no obtenido: ${(error as Error).message}`);
      }
    }
    return con;
  }
}

/** Runs `fn` on every item, at most `limite` at once, answers in the items' order. */
async function enParalelo<T>(items: DocumentoConciliado[], limite: number, fn: (d: DocumentoConciliado) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limite, items.length) }, worker));
  return out;
}
