import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { CODIGOS_MOTIVO } from '../motivos-traslado';
import { IsUbigeo, needsCarrier, needsDriver, NotBeforeToday, TextRequiredWhen } from '../validators/guia-validators';
import { IsUnidadMedida } from '@/catalogos/validators/is-codigo-catalogo';
import { TIPOS_DOC_CLIENTE } from '@/clientes/documento-cliente';
import { TIPOS_DOCUMENTO_RELACIONADO } from '../documentos-relacionados';

/** Lines of one guide (a sale has at most 500; a guide carries what a sale or a transfer moves). */
export const MAX_DETALLES_GUIA = 500;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const FECHA = /^\d{4}-\d{2}-\d{2}$/;
/** Catálogo 06 identity documents SUNAT accepts for carriers and drivers. */
const TIPOS_DOC = ['0', '1', '4', '6', '7', 'A'];
const DECIMALES = { maxDecimalPlaces: 3, allowNaN: false, allowInfinity: false };
/** What numeric(14,3) holds. */
const MAX_CANTIDAD = 99_999_999_999;

const ESTABLECIMIENTO = /^\d{4}$/;
const RUC = /^\d{11}$/;
/** A transfer rarely carries more; SUNAT sets no limit. */
const MAX_DOCUMENTOS_RELACIONADOS = 20;

const CARRIER = "cuando mod_transporte es '01'";
const DRIVER = "cuando mod_transporte es '02' y vehiculo_m1l no es true";

export class CreateGuiaDetalleDto {
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_producto?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(50) codigo?: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(500) descripcion: string;
  @IsNumber(DECIMALES) @Min(0.001) @Max(MAX_CANTIDAD) cantidad: number;
  @IsOptional()
  @Transform(upper)
  @IsString()
  @IsUnidadMedida()
  unidad?: string;
}

/** Catálogo 61 document related to the transfer (issue 19). */
export class DocumentoRelacionadoGuiaDto {
  @IsString() @IsIn(TIPOS_DOCUMENTO_RELACIONADO, { message: `tipo debe ser uno de: ${TIPOS_DOCUMENTO_RELACIONADO.join(', ')}` }) tipo: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(100) serie_numero: string;
  @IsOptional() @IsString() @Matches(/^\d{11}$/, { message: 'ruc_emisor debe tener 11 dígitos' }) ruc_emisor?: string;
}

/** Supplier (SellerSupplierParty) or buyer (BuyerCustomerParty) of a guide. */
export class ParteGuiaDto {
  @Transform(upper) @IsIn(TIPOS_DOC_CLIENTE) tipo_doc: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(15) documento: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(250) nombre: string;
}

/** A driver besides the main one (private transport). */
export class ConductorSecundarioDto {
  @IsIn(TIPOS_DOC) tipo_doc: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(15) documento: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(255) nombres: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(255) apellidos: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(20) licencia: string;
}

/** SPEC.md "Dispatch guides" create body, rule by rule. */
export class CreateGuiaDto {
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_venta?: number;

  @Transform(upper) @IsIn(TIPOS_DOC_CLIENTE) destinatario_tipo_doc: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(15) destinatario_documento: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(255) destinatario_nombre: string;
  @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(500) destinatario_direccion: string;
  @IsOptional() @IsUbigeo() destinatario_ubigeo?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(2)
  @IsIn(CODIGOS_MOTIVO, { message: `motivo_traslado debe ser uno de: ${CODIGOS_MOTIVO.join(', ')}` })
  motivo_traslado: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(255) descripcion_motivo?: string;

  @IsIn(['01', '02']) mod_transporte: string;
  @IsString()
  @Matches(FECHA, { message: 'fecha_traslado debe tener el formato YYYY-MM-DD' })
  @IsISO8601({ strict: true })
  @NotBeforeToday()
  fecha_traslado: string;
  @IsNumber(DECIMALES) @Min(0.001) @Max(MAX_CANTIDAD) peso_total: number;
  @IsOptional() @IsIn(['KGM', 'TNE']) und_peso_total?: string;

  @IsOptional() @IsUbigeo() ubigeo_partida?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) dir_partida?: string;

  @IsOptional() @IsIn(TIPOS_DOC) transportista_tipo_doc?: string;
  @Transform(trim) @TextRequiredWhen(needsCarrier, CARRIER, 15) transportista_documento?: string;
  @Transform(trim) @TextRequiredWhen(needsCarrier, CARRIER, 255) transportista_nombre?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(20) transportista_nro_mtc?: string;

  @IsOptional() @IsIn(TIPOS_DOC) conductor_tipo_doc?: string;
  @Transform(trim) @TextRequiredWhen(needsDriver, DRIVER, 15) conductor_documento?: string;
  @Transform(trim) @TextRequiredWhen(needsDriver, DRIVER, 255) conductor_nombres?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(255) conductor_apellidos?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(20) conductor_licencia?: string;
  @Transform(upper) @TextRequiredWhen(needsDriver, DRIVER, 10) vehiculo_placa?: string;
  @IsOptional() @IsBoolean() vehiculo_m1l?: boolean;

  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) observaciones?: string;

  // Issue 19: what each transfer reason needs (src/guias-remision/reglas-motivo.ts).
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_DOCUMENTOS_RELACIONADOS)
  @ValidateNested({ each: true })
  @Type(() => DocumentoRelacionadoGuiaDto)
  documentos_relacionados?: DocumentoRelacionadoGuiaDto[];
  @IsOptional() @ValidateNested() @Type(() => ParteGuiaDto) proveedor?: ParteGuiaDto;
  @IsOptional() @ValidateNested() @Type(() => ParteGuiaDto) comprador?: ParteGuiaDto;
  @IsOptional() @IsString() @Matches(ESTABLECIMIENTO, { message: 'establecimiento_partida debe tener 4 dígitos' }) establecimiento_partida?: string;
  @IsOptional() @IsString() @Matches(RUC, { message: 'establecimiento_partida_ruc debe tener 11 dígitos' }) establecimiento_partida_ruc?: string;
  @IsOptional() @IsString() @Matches(ESTABLECIMIENTO, { message: 'establecimiento_llegada debe tener 4 dígitos' }) establecimiento_llegada?: string;
  @IsOptional() @IsString() @Matches(RUC, { message: 'establecimiento_llegada_ruc debe tener 11 dígitos' }) establecimiento_llegada_ruc?: string;
  @IsOptional() @IsInt() @Min(1) @Max(999_999) numero_bultos?: number;
  @IsOptional() @IsIn(['1', '2']) puerto_tipo?: string;
  @IsOptional() @Transform(upper) @IsString() @MaxLength(5) puerto_codigo?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => ConductorSecundarioDto)
  conductores_secundarios?: ConductorSecundarioDto[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v)) : value))
  @IsString({ each: true })
  @MaxLength(10, { each: true })
  vehiculos_secundarios?: string[];

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_DETALLES_GUIA)
  @ValidateNested({ each: true })
  @Type(() => CreateGuiaDetalleDto)
  detalles: CreateGuiaDetalleDto[];
}
