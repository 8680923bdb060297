import { invalidField } from '@/common/errors/http-errors';
import { errorDocumento } from '@/clientes/documento-cliente';
import puertos from './data/puertos.json';
import { TIPOS_CON_EMISOR, TIPOS_DECLARACION_ADUANERA, TIPOS_IMPORTACION_EXPORTACION } from './documentos-relacionados';
import type { CreateGuiaDto } from './dto/create-guia.dto';
import type { PuertoGuia } from './guia-datos-motivo';

/**
 * What each catálogo 20 reason needs, from SUNAT's GRE rules (ValidaExprRegGreRemitente-2.0.1.xsl; the code in
 * brackets): checked before the XML is built so a wrong body is a 422 on its field, not a rule finding.
 */
const A_SI_MISMA = ['02', '04', '07']; // recipient = the issuer (2554)
const A_OTRO = ['01', '03', '05', '06', '09', '14', '17']; // recipient ≠ the issuer (2555)
const DESTINATARIO_RUC = ['06', '17']; // 3417
const CON_PROVEEDOR = ['02', '07', '13']; // SellerSupplierParty only there (4054)
const CON_COMPRADOR = ['03', '13']; // BuyerCustomerParty only there (4377)
const ADUANA = ['08', '09'];

/** DAM / DS numbers: customs office-year-regime-number; regime 10/18 import, 40/48 export (3441). */
const REGIMEN_DECLARACION: Record<string, Record<string, string>> = { '08': { '50': '10', '52': '18' }, '09': { '50': '40', '52': '48' } };

export function reglasMotivo(dto: CreateGuiaDto, rucEmpresa: string): void {
  const motivo = dto.motivo_traslado;
  const conMotivo = `con el motivo de traslado ${motivo}`;
  const esEmpresa = dto.destinatario_tipo_doc === '6' && dto.destinatario_documento === rucEmpresa;
  if (A_SI_MISMA.includes(motivo) && !esEmpresa) {
    throw invalidField('destinatario_documento', `El destinatario ${conMotivo} es la propia empresa (RUC ${rucEmpresa}).`);
  }
  if (A_OTRO.includes(motivo) && esEmpresa) {
    throw invalidField('destinatario_documento', `El destinatario ${conMotivo} no puede ser la propia empresa.`);
  }
  if (DESTINATARIO_RUC.includes(motivo) && dto.destinatario_tipo_doc !== '6') {
    throw invalidField('destinatario_tipo_doc', `El destinatario ${conMotivo} debe tener RUC (6).`);
  }
  if (!['1', '6'].includes(dto.destinatario_tipo_doc)) documento('destinatario_documento', dto.destinatario_tipo_doc, dto.destinatario_documento);

  partes(dto, rucEmpresa, conMotivo);
  documentos(dto, rucEmpresa, conMotivo);
  establecimientos(dto, conMotivo);
  aduana(dto, conMotivo);
  transporte(dto);
}

function documento(campo: string, tipo: string, numero: string): void {
  const error = errorDocumento(tipo, numero);
  if (error) throw invalidField(campo, error);
}

function partes(dto: CreateGuiaDto, rucEmpresa: string, conMotivo: string): void {
  const motivo = dto.motivo_traslado;
  const { proveedor, comprador } = dto;
  if (proveedor) {
    if (!CON_PROVEEDOR.includes(motivo)) throw invalidField('proveedor', `El proveedor solo se indica con los motivos ${CON_PROVEEDOR.join(', ')}.`);
    documento('proveedor.documento', proveedor.tipo_doc, proveedor.documento);
    if (motivo === '02' && !['1', '4', '6', '7'].includes(proveedor.tipo_doc)) {
      throw invalidField('proveedor.tipo_doc', `El proveedor ${conMotivo} se identifica con DNI, carnet, RUC o pasaporte (1, 4, 6, 7).`);
    }
    if (motivo === '07' && proveedor.tipo_doc !== '6') throw invalidField('proveedor.tipo_doc', `El proveedor ${conMotivo} debe tener RUC (6).`);
    if (proveedor.tipo_doc === '6' && proveedor.documento === rucEmpresa)
      throw invalidField('proveedor.documento', 'El proveedor no puede ser la propia empresa.');
  }
  if (comprador) {
    if (!CON_COMPRADOR.includes(motivo)) throw invalidField('comprador', `El comprador solo se indica con los motivos ${CON_COMPRADOR.join(', ')}.`);
    documento('comprador.documento', comprador.tipo_doc, comprador.documento);
    if (comprador.tipo_doc === '6' && comprador.documento === rucEmpresa)
      throw invalidField('comprador.documento', 'El comprador no puede ser la propia empresa.');
    if (comprador.tipo_doc === dto.destinatario_tipo_doc && comprador.documento === dto.destinatario_documento) {
      throw invalidField('comprador.documento', 'El comprador no puede ser el destinatario.');
    }
  }
  if (motivo === '03' && !comprador) throw invalidField('comprador', `Indique el comprador ${conMotivo} (venta con entrega a terceros).`);
}

function documentos(dto: CreateGuiaDto, rucEmpresa: string, conMotivo: string): void {
  const motivo = dto.motivo_traslado;
  const docs = dto.documentos_relacionados ?? [];
  const vistos = new Set<string>();
  docs.forEach((d, i) => {
    const campo = `documentos_relacionados.${i}`;
    if (vistos.has(`${d.tipo} ${d.serie_numero}`)) throw invalidField(`${campo}.serie_numero`, 'El documento relacionado está repetido.');
    vistos.add(`${d.tipo} ${d.serie_numero}`);
    const aduanera = TIPOS_DECLARACION_ADUANERA.includes(d.tipo);
    if (ADUANA.includes(motivo) && !TIPOS_IMPORTACION_EXPORTACION.includes(d.tipo)) {
      throw invalidField(`${campo}.tipo`, `Los documentos relacionados ${conMotivo} son de tipo ${TIPOS_IMPORTACION_EXPORTACION.join(', ')}.`);
    }
    if (aduanera && !ADUANA.includes(motivo) && motivo !== '13') {
      throw invalidField(`${campo}.tipo`, 'La DAM (50) y la declaración simplificada (52) se relacionan con los motivos 08, 09 y 13.');
    }
    const regimen = aduanera ? REGIMEN_DECLARACION[motivo]?.[d.tipo] : undefined;
    const formato = aduanera ? new RegExp(`^\\d{3}-\\d{4}-${regimen ?? '\\d{2}'}-\\d{1,6}$`) : null;
    if (formato && !formato.test(d.serie_numero)) {
      throw invalidField(
        `${campo}.serie_numero`,
        `El número de la declaración tiene el formato aduana-año-${regimen ?? 'régimen'}-número (p. ej. 118-2025-${regimen ?? '10'}-123456).`,
      );
    }
    if (TIPOS_CON_EMISOR.includes(d.tipo) && motivo === '06' && !d.ruc_emisor) {
      throw invalidField(`${campo}.ruc_emisor`, `Indique el RUC del emisor del documento ${conMotivo} (el destinatario).`);
    }
  });
  if (ADUANA.includes(motivo) && !docs.some((d) => TIPOS_DECLARACION_ADUANERA.includes(d.tipo))) {
    throw invalidField('documentos_relacionados', `Indique la DAM (50) o la declaración simplificada (52) ${conMotivo}.`);
  }
  // Our own comprobantes: their issuer defaults to the company (SUNAT wants it for 01, 03, 04, 09, 12, 48).
  for (const d of docs) if (TIPOS_CON_EMISOR.includes(d.tipo) && !d.ruc_emisor) d.ruc_emisor = rucEmpresa;
}

function establecimientos(dto: CreateGuiaDto, conMotivo: string): void {
  const motivo = dto.motivo_traslado;
  if (motivo === '04') {
    if (!dto.establecimiento_partida) throw invalidField('establecimiento_partida', `Indique el código de establecimiento de partida ${conMotivo}.`);
    if (!dto.establecimiento_llegada) throw invalidField('establecimiento_llegada', `Indique el código de establecimiento de llegada ${conMotivo}.`);
  }
  if (motivo === '18' && dto.establecimiento_llegada) {
    throw invalidField('establecimiento_llegada', `El traslado ${conMotivo} (emisor itinerante) no lleva establecimiento de llegada.`);
  }
}

function aduana(dto: CreateGuiaDto, conMotivo: string): void {
  const motivo = dto.motivo_traslado;
  if (!ADUANA.includes(motivo)) {
    if (dto.numero_bultos !== undefined) throw invalidField('numero_bultos', 'El número de bultos se indica en importaciones y exportaciones (08, 09).');
    if (dto.puerto_codigo || dto.puerto_tipo)
      throw invalidField('puerto_codigo', 'El puerto o aeropuerto se indica en importaciones y exportaciones (08, 09).');
    return;
  }
  if (dto.numero_bultos === undefined) throw invalidField('numero_bultos', `Indique el número de bultos ${conMotivo}.`);
  if (dto.puerto_codigo) {
    const puerto = puertoDe(dto.puerto_tipo ?? '1', dto.puerto_codigo);
    if (!puerto) throw invalidField('puerto_codigo', 'No es un puerto (catálogo 63) ni aeropuerto (catálogo 64) de SUNAT.');
    if (motivo === '09' && puerto.tipo !== '1') throw invalidField('puerto_tipo', 'Una exportación indica el puerto de embarque (1).');
    const ubigeo = motivo === '08' ? dto.ubigeo_partida : dto.destinatario_ubigeo;
    const campo = motivo === '08' ? 'ubigeo_partida' : 'destinatario_ubigeo';
    if (ubigeo !== puertoUbigeo(puerto))
      throw invalidField(campo, `Debe ser el ubigeo del ${puerto.tipo === '1' ? 'puerto' : 'aeropuerto'} (${puertoUbigeo(puerto)}).`);
  } else if (motivo === '08' && !dto.establecimiento_partida) {
    throw invalidField('puerto_codigo', `Indique el puerto o aeropuerto de desembarque, o el establecimiento de partida, ${conMotivo}.`);
  } else if (motivo === '09' && !dto.establecimiento_llegada) {
    throw invalidField('puerto_codigo', `Indique el puerto de embarque, o el establecimiento de llegada, ${conMotivo}.`);
  }
}

function transporte(dto: CreateGuiaDto): void {
  const privado = dto.mod_transporte === '02' && dto.vehiculo_m1l !== true;
  if (!privado && dto.conductores_secundarios?.length) {
    throw invalidField('conductores_secundarios', "Los conductores secundarios se indican en transporte privado (mod_transporte '02', sin vehiculo_m1l).");
  }
  if (!privado && dto.vehiculos_secundarios?.length) {
    throw invalidField('vehiculos_secundarios', "Los vehículos secundarios se indican en transporte privado (mod_transporte '02', sin vehiculo_m1l).");
  }
}

type EntradaPuerto = { codigo: string; ubigeo: string; nombre: string };

export function puertoDe(tipo: string, codigo: string): PuertoGuia | null {
  const lista: EntradaPuerto[] = tipo === '2' ? puertos.aeropuertos.entries : puertos.puertos.entries;
  const e = lista.find((p) => p.codigo === codigo);
  return e ? { tipo: tipo === '2' ? '2' : '1', codigo: e.codigo, nombre: e.nombre } : null;
}

function puertoUbigeo(p: PuertoGuia): string {
  const lista: EntradaPuerto[] = p.tipo === '2' ? puertos.aeropuertos.entries : puertos.puertos.entries;
  return lista.find((e) => e.codigo === p.codigo)!.ubigeo;
}
