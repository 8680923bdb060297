import { GUIA_PENDIENTE } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { horaLima, hoyLima } from '@/common/fecha';
import { invalidField, notFound } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { EmpresasService } from '@/empresas/empresas.service';
import { Empresa } from '@/empresas/entities/empresa.entity';
import { ProductosService } from '@/productos/productos.service';
import { SeriesService } from '@/series/series.service';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { ColaEnvios } from '@/sunat/nest/envios/cola-envios.service';
import { Eventos } from '@/eventos/eventos.service';
import { buildDespatchXml } from '@/sunat/xml/despatch-xml';
import { VentasService } from '@/ventas/ventas.service';
import { CreateGuiaDto } from './dto/create-guia.dto';
import { GuiaRemision } from './entities/guia-remision.entity';
import { GuiaRemisionDetalle } from './entities/guia-remision-detalle.entity';
import { toDespatch, toGuiaResponse } from './guia.mapper';
import { guiaFileName, guiaUrls, SERIE_GUIA, TIPO_GUIA } from './guia-paths';
import { DEFAULT_UBIGEO, isKnownUbigeo } from './ubigeos/ubigeo-catalog';
import { puertoDe, reglasMotivo } from './reglas-motivo';

export interface GuiaCreada {
  guia: GuiaRemision;
  xml: { success: true; nombre_archivo: string; hash: string };
}

const blankToNull = (value: string | undefined | null) => (value === undefined || value === null || value.trim() === '' ? null : value);

/** POST /api/guias-remision: check, number, sign and store the guide in one transaction (SPEC "Creation rules"). */
@Injectable()
export class GuiaCreacionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly empresas: EmpresasService,
    private readonly emisores: EmisorService,
    private readonly series: SeriesService,
    private readonly productos: ProductosService,
    private readonly ventas: VentasService,
    private readonly issuer: DocumentIssuer,
    private readonly cola: ColaEnvios,
    private readonly eventos: Eventos,
  ) {}

  async create(empresaId: number, userId: number, dto: CreateGuiaDto): Promise<GuiaCreada> {
    const empresa = await this.empresas.findById(empresaId);
    if (!empresa) throw notFound('Empresa');
    const emisor = this.emisores.of(empresa);
    const credentials = await emisor.credentials();
    reglasMotivo(dto, emisor.ruc);
    return this.dataSource.transaction(async (manager) => {
      await this.checkReferences(manager, empresaId, dto);
      // The series row stays locked until commit, so parallel creates queue here and never share a number; it is
      // taken after the checks, and SUNAT's rules run while the guide (already signed) and its XML are inserted.
      const numero = await this.series.nextAbove(manager, empresaId, TIPO_GUIA, SERIE_GUIA, 'guias_remision');
      const guia = manager.create(GuiaRemision, this.fields(empresa, emisor.ruc, empresaId, userId, numero, dto));
      const name = guiaFileName(emisor.ruc, numero).replace(/\.xml$/, '');
      const { issued } = await this.issuer.issueWhile(empresaId, name, buildDespatchXml(toDespatch(guia, emisor.company)), credentials, manager, (signed) => {
        Object.assign(guia, { hash_cpe: signed.hash, nombre_xml: signed.nombre_xml, xml_url: guiaUrls.xml(signed.nombre_xml), observaciones_sunat: [] });
        return manager.save(guia);
      });
      if (issued.observaciones.length) await manager.update(GuiaRemision, { id: guia.id }, { observaciones_sunat: issued.observaciones });
      guia.observaciones_sunat = issued.observaciones;
      if (emisor.envioAutomatico) await this.cola.encolar(manager, { empresaId, tipo: 'guia', idDocumento: guia.id, servicio: 'gre' });
      await this.eventos.registrar(manager, { empresaId, tipo: 'documento.creado', recurso: 'guia', id: guia.id, data: toGuiaResponse(guia) });
      return { guia, xml: { success: true, nombre_archivo: issued.nombre_xml, hash: issued.hash } };
    });
  }

  /** id_venta and detalles[].id_producto must be the company's own records (422 on the field). */
  private async checkReferences(manager: EntityManager, empresaId: number, dto: CreateGuiaDto): Promise<void> {
    if (dto.id_venta !== undefined && !(await this.ventas.findForEmpresa(empresaId, dto.id_venta, manager))) {
      throw invalidField('id_venta', 'La venta no existe.');
    }
    const ids = dto.detalles.map((d) => d.id_producto).filter((id): id is number => id !== undefined);
    const productos = await this.productos.findForEmpresa(manager, empresaId, ids);
    const missing = dto.detalles.findIndex((d) => d.id_producto !== undefined && !productos.has(d.id_producto));
    if (missing >= 0) throw invalidField(`detalles.${missing}.id_producto`, 'El producto no existe.');
    dto.detalles.forEach((d) => {
      if (d.id_producto !== undefined && !d.codigo) d.codigo = productos.get(d.id_producto)?.codigo;
    });
  }

  private fields(empresa: Empresa, rucEmisor: string, empresaId: number, userId: number, numero: number, dto: CreateGuiaDto): Partial<GuiaRemision> {
    return {
      id_empresa: empresaId,
      id_usuario: userId,
      id_venta: dto.id_venta ?? null,
      serie: SERIE_GUIA,
      numero,
      fecha_emision: hoyLima(),
      hora_emision: horaLima(),
      destinatario_tipo_doc: dto.destinatario_tipo_doc,
      destinatario_documento: dto.destinatario_documento,
      destinatario_nombre: dto.destinatario_nombre,
      motivo_traslado: dto.motivo_traslado,
      descripcion_motivo: blankToNull(dto.descripcion_motivo),
      mod_transporte: dto.mod_transporte as '01' | '02',
      fecha_traslado: dto.fecha_traslado,
      peso_total: String(dto.peso_total),
      und_peso_total: dto.und_peso_total ?? 'KGM',
      // SPEC: the start point defaults to the company's address; the arrival is the recipient's.
      ubigeo_partida: dto.ubigeo_partida ?? (isKnownUbigeo(empresa.ubigeo) ? empresa.ubigeo! : DEFAULT_UBIGEO),
      dir_partida: dto.dir_partida ?? empresa.direccion ?? '',
      ubigeo_llegada: dto.destinatario_ubigeo ?? DEFAULT_UBIGEO,
      dir_llegada: dto.destinatario_direccion,
      transportista_tipo_doc: dto.transportista_tipo_doc ?? null,
      transportista_documento: blankToNull(dto.transportista_documento),
      transportista_nombre: blankToNull(dto.transportista_nombre),
      transportista_nro_mtc: blankToNull(dto.transportista_nro_mtc),
      conductor_tipo_doc: dto.conductor_tipo_doc ?? null,
      conductor_documento: blankToNull(dto.conductor_documento),
      conductor_nombres: blankToNull(dto.conductor_nombres),
      conductor_apellidos: blankToNull(dto.conductor_apellidos),
      conductor_licencia: blankToNull(dto.conductor_licencia),
      // Plates are written 'ABC-123'; SUNAT wants the 6 to 8 letters and digits only.
      vehiculo_placa: blankToNull(dto.vehiculo_placa?.replace(/[\s-]/g, '')),
      vehiculo_m1l: dto.vehiculo_m1l ?? false,
      observaciones: blankToNull(dto.observaciones),
      documentos_relacionados: (dto.documentos_relacionados ?? []).map((d) => ({
        tipo: d.tipo,
        serie_numero: d.serie_numero,
        ruc_emisor: d.ruc_emisor ?? null,
      })),
      proveedor: dto.proveedor ? { tipo_doc: dto.proveedor.tipo_doc, documento: dto.proveedor.documento, nombre: dto.proveedor.nombre } : null,
      comprador: dto.comprador ? { tipo_doc: dto.comprador.tipo_doc, documento: dto.comprador.documento, nombre: dto.comprador.nombre } : null,
      establecimiento_partida: dto.establecimiento_partida ?? null,
      establecimiento_partida_ruc: dto.establecimiento_partida ? (dto.establecimiento_partida_ruc ?? rucEmisor) : null,
      establecimiento_llegada: dto.establecimiento_llegada ?? null,
      establecimiento_llegada_ruc: dto.establecimiento_llegada ? (dto.establecimiento_llegada_ruc ?? rucEmisor) : null,
      numero_bultos: dto.numero_bultos ?? null,
      puerto: dto.puerto_codigo ? puertoDe(dto.puerto_tipo ?? '1', dto.puerto_codigo) : null,
      conductores_secundarios: (dto.conductores_secundarios ?? []).map((c) => ({
        tipo_doc: c.tipo_doc,
        documento: c.documento,
        nombres: c.nombres,
        apellidos: c.apellidos,
        licencia: c.licencia,
      })),
      vehiculos_secundarios: (dto.vehiculos_secundarios ?? []).map((p) => p.replace(/[\s-]/g, '')),
      estado: GUIA_PENDIENTE,
      detalles: dto.detalles.map((d) =>
        Object.assign(new GuiaRemisionDetalle(), {
          id_producto: d.id_producto ?? null,
          codigo: blankToNull(d.codigo),
          descripcion: d.descripcion,
          cantidad: String(d.cantidad),
          unidad: d.unidad ?? 'NIU',
        }),
      ),
    };
  }
}
