import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_INT4 } from '@/common/validators/limites';
import { IsUnidadMedida } from '@/catalogos/validators/is-codigo-catalogo';
import { AFECTACIONES_07 } from '@/sunat/documents/sale-amounts';
import { TIPOS_DOC_CLIENTE } from '@/clientes/documento-cliente';
import { MONEDAS_CATALOGO_02 } from '@/sunat/documents/monedas';
import { AnticipoDeducidoDto, DocumentoRelacionadoDto, GuiaRelacionadaDto } from './referencias-venta.dto';
import { CuotaDto, DetraccionDto, FORMAS_PAGO, PercepcionDto, RetencionDto } from './condiciones-pago.dto';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const FECHA = /^\d{4}-\d{2}-\d{2}$/;

export const TIPOS_VENTA = ['01', '03'] as const;
export const MONEDAS = MONEDAS_CATALOGO_02;
/** Catálogo 51 operations the sale supports: internal sale, exports (0200-0208), non-domiciled (0401). */
export const TIPOS_OPERACION = [
  '0101',
  '0200',
  '0201',
  '0202',
  '0203',
  '0204',
  '0205',
  '0206',
  '0207',
  '0208',
  '0401',
  // Issue 18: detracción (1001-1004) and percepción (2001).
  '1001',
  '1002',
  '1003',
  '1004',
  '2001',
] as const;
/** Catalog 07: every affectation. */
export const AFECTACIONES_IGV = AFECTACIONES_07;

/** ISC (catalog 08): '01' al valor (tasa %), '02' monto fijo (monto per unit), '03' precio de venta al público (tasa % and precio_publico). */
export class IscLineaDto {
  @IsIn(['01', '02', '03']) sistema: string;
  /** Porcentaje (17 = 17 %). */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 5, allowNaN: false, allowInfinity: false }) @Min(0) @Max(999) tasa?: number;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) monto?: number;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) precio_publico?: number;
}

/** A sale line. With id_producto the product gives the defaults (codigo, descripcion, precio, unidad, afectación). */
export class LineaVentaDto {
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_producto?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(50) codigo?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) descripcion?: string;
  /** Hasta 10 decimales. */
  @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0.0000000001) @Max(99_999_999) cantidad: number;
  /**
   * Precio unitario, hasta 10 decimales: con IGV salvo que `precios_incluyen_igv` de la venta sea false; en una línea
   * gratuita (11-16, 21, 31-37), el valor referencial. Por defecto, el precio del producto.
   */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) precio_unitario?: number;
  /** ICBPER: la cantidad cuenta bolsas plásticas, cobradas con la tasa del año de emisión. */
  @IsOptional() @IsBoolean() icbper?: boolean;
  @IsOptional() @ValidateNested() @Type(() => IscLineaDto) isc?: IscLineaDto;
  /** UNSPSC (catálogo 25), 8 dígitos; por defecto, el del producto. Sin él, la línea no lleva CommodityClassification. */
  @IsOptional() @IsString() @Matches(/^\d{8}$/, { message: 'codigo_sunat debe tener 8 dígitos' }) codigo_sunat?: string;
  /** Descuento de la línea (catálogo 53, código 00) en los términos de los precios; reduce la base de la línea. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) descuento?: number;
  /** Catálogo 03 de SUNAT (NIU, ZZ, KGM...). */
  @IsOptional()
  @Transform(upper)
  @IsString()
  @IsUnidadMedida()
  unidad_medida?: string;
  @IsOptional() @IsIn(AFECTACIONES_IGV) tipo_afectacion_igv?: string;
}

/** What POST and PUT of a sale share (PUT: omitted fields keep their stored value; productos replaces the lines). */
class VentaCuerpoDto {
  @IsOptional()
  @IsString()
  @Matches(FECHA, { message: 'fecha_emision debe tener el formato YYYY-MM-DD' })
  @IsISO8601({ strict: true })
  fecha_emision?: string;
  @IsOptional() @Transform(upper) @IsIn(MONEDAS) tipo_moneda?: string;

  /** El cliente: `id_cliente`, o `cliente_documento` + `cliente_datos` (se busca o se crea). Si vienen ambos, manda `id_cliente`. */
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_cliente?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(15) cliente_documento?: string;
  /** Tipo (catálogo 06) del cliente creado por `cliente_documento`; sin él decide la longitud (8 DNI, 11 RUC). */
  @IsOptional() @Transform(upper) @IsIn(TIPOS_DOC_CLIENTE) cliente_tipo_doc?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(255) cliente_datos?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) cliente_direccion?: string;
  /** Catálogo 51; por defecto '0101'. */
  @IsOptional() @IsIn(TIPOS_OPERACION) tipo_operacion?: string;

  /** Por defecto true; false: los `precio_unitario` de las líneas son valores sin IGV. */
  @IsOptional() @IsBoolean() precios_incluyen_igv?: boolean;
  /** Descuento global (catálogo 53, código 02) sobre las líneas gravadas, en los términos de los precios. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) descuento_global?: number;

  /** `Contado` o `Credito` (con `cuotas`). En PUT, las condiciones de pago omitidas se conservan y null las quita. */
  @IsOptional() @IsIn(FORMAS_PAGO) forma_pago?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(999) @ValidateNested({ each: true }) @Type(() => CuotaDto) cuotas?: CuotaDto[];
  @IsOptional()
  @IsString()
  @Matches(FECHA, { message: 'fecha_vencimiento debe tener el formato YYYY-MM-DD' })
  @IsISO8601({ strict: true })
  fecha_vencimiento?: string | null;
  /** Soles por unidad de `tipo_moneda`; obligatorio cuando una venta que no es en soles lleva detracción o percepción. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 6, allowNaN: false, allowInfinity: false }) @Min(0.000001) @Max(999_999) tipo_cambio?: number | null;
  @IsOptional() @ValidateNested() @Type(() => DetraccionDto) detraccion?: DetraccionDto | null;
  @IsOptional() @ValidateNested() @Type(() => PercepcionDto) percepcion?: PercepcionDto | null;
  @IsOptional() @ValidateNested() @Type(() => RetencionDto) retencion?: RetencionDto | null;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => LineaVentaDto)
  productos: LineaVentaDto[];
}

export class CreateVentaDto extends VentaCuerpoDto {
  @IsIn(TIPOS_VENTA) tipo_documento: string;
  @IsOptional() @Transform(upper) @IsString() @Matches(/^[A-Z0-9]{4}$/, { message: 'serie debe tener 4 caracteres' }) serie?: string;
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) cotizacion_id?: number;

  /** Descontar el stock ahora (por defecto true); false lo deja para `POST /api/ventas/{id}/descontar-stock`. */
  @IsOptional() @IsBoolean() descontar_stock?: boolean;
  /** Guías de remisión relacionadas (cac:DespatchDocumentReference). */
  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => GuiaRelacionadaDto) guias?: GuiaRelacionadaDto[];
  /** Orden de compra (cac:OrderReference): hasta 20 caracteres sin espacios (regla 4233 de SUNAT). */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(/^\S{1,20}$/, { message: 'orden_compra debe tener de 1 a 20 caracteres, sin espacios' })
  orden_compra?: string;
  /** Otros documentos relacionados, catálogo 12 (cac:AdditionalDocumentReference). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => DocumentoRelacionadoDto)
  documentos_relacionados?: DocumentoRelacionadoDto[];
  /** Esta venta es un anticipo que una factura posterior del mismo cliente puede deducir. */
  @IsOptional() @IsBoolean() es_anticipo?: boolean;
  /** Facturas de anticipo aceptadas del mismo cliente que esta venta deduce (PrepaidPayment, catálogo 53, códigos 04/05/06). */
  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => AnticipoDeducidoDto) anticipos?: AnticipoDeducidoDto[];
}

/**
 * PUT body: the sale keeps its type, series and number; everything else may change and the lines are
 * replaced. Omitted fields keep their stored value (productos is required).
 */
export class UpdateVentaDto extends VentaCuerpoDto {}
