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
/** Catalog 07: every affectation (issue 17). */
export const AFECTACIONES_IGV = AFECTACIONES_07;

/** ISC (catalog 08): '01' al valor (tasa %), '02' monto fijo (monto per unit), '03' precio de venta al público (tasa % and precio_publico). */
export class IscLineaDto {
  @IsIn(['01', '02', '03']) sistema: string;
  /** Percent (17 = 17 %). */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 5, allowNaN: false, allowInfinity: false }) @Min(0) @Max(999) tasa?: number;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) monto?: number;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) precio_publico?: number;
}

/** A sale line. With id_producto the product gives the defaults (codigo, descripcion, precio, unidad, afectación). */
export class LineaVentaDto {
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_producto?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(50) codigo?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) descripcion?: string;
  /** Up to 10 decimals. */
  @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0.0000000001) @Max(99_999_999) cantidad: number;
  /**
   * Unit price, up to 10 decimals: with IGV unless the sale's precios_incluyen_igv is false; on a free line
   * (11-16, 21, 31-37) the referential value. Defaults to the product's price.
   */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 10, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) precio_unitario?: number;
  /** ICBPER: the quantity counts plastic bags, charged at the rate of the issue year. */
  @IsOptional() @IsBoolean() icbper?: boolean;
  @IsOptional() @ValidateNested() @Type(() => IscLineaDto) isc?: IscLineaDto;
  /** UNSPSC (catalog 25), 8 digits; defaults to the product's. Without one the line carries no CommodityClassification. */
  @IsOptional() @IsString() @Matches(/^\d{8}$/, { message: 'codigo_sunat debe tener 8 dígitos' }) codigo_sunat?: string;
  /** Line discount (catalog 53 code 00) in the prices' terms; reduces the line's base. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) descuento?: number;
  /** SUNAT catálogo 03 (NIU, ZZ, KGM...). */
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

  /** The client: id_cliente, or cliente_documento + cliente_datos (found or created). id_cliente wins when both come. */
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INT4) id_cliente?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(15) cliente_documento?: string;
  /** Catálogo 06 type of a client created by cliente_documento; without it the length decides (8 DNI, 11 RUC). */
  @IsOptional() @Transform(upper) @IsIn(TIPOS_DOC_CLIENTE) cliente_tipo_doc?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(255) cliente_datos?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) cliente_direccion?: string;
  /** Catálogo 51; default '0101'. */
  @IsOptional() @IsIn(TIPOS_OPERACION) tipo_operacion?: string;

  /** Default true; false: the lines' precio_unitario are values without IGV. */
  @IsOptional() @IsBoolean() precios_incluyen_igv?: boolean;
  /** Global discount (catalog 53 code 02) on the gravado lines, in the prices' terms. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(99_999_999) descuento_global?: number;

  /** Issue 18: payment conditions (rules across fields: ventas/venta-pago.ts). On PUT: omitted keeps, null removes. */
  @IsOptional() @IsIn(FORMAS_PAGO) forma_pago?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(999) @ValidateNested({ each: true }) @Type(() => CuotaDto) cuotas?: CuotaDto[];
  @IsOptional()
  @IsString()
  @Matches(FECHA, { message: 'fecha_vencimiento debe tener el formato YYYY-MM-DD' })
  @IsISO8601({ strict: true })
  fecha_vencimiento?: string | null;
  /** PEN per unit of tipo_moneda; required when a non-PEN sale carries a detracción or a percepción. */
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

  /** Take the stock now (default true); false leaves it for POST {id}/descontar-stock. */
  @IsOptional() @IsBoolean() descontar_stock?: boolean;
  /** Related dispatch guides (cac:DespatchDocumentReference). */
  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => GuiaRelacionadaDto) guias?: GuiaRelacionadaDto[];
  /** Purchase order (cac:OrderReference): up to 20 characters without spaces (SUNAT's rule 4233). */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(/^\S{1,20}$/, { message: 'orden_compra debe tener de 1 a 20 caracteres, sin espacios' })
  orden_compra?: string;
  /** Other related documents, catálogo 12 (cac:AdditionalDocumentReference). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => DocumentoRelacionadoDto)
  documentos_relacionados?: DocumentoRelacionadoDto[];
  /** This sale is an advance payment (anticipo) a later invoice of the same client may deduct. */
  @IsOptional() @IsBoolean() es_anticipo?: boolean;
  /** Accepted advance invoices of the same client this sale deducts (PrepaidPayment, catálogo 53 code 04/05/06). */
  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => AnticipoDeducidoDto) anticipos?: AnticipoDeducidoDto[];
}

/**
 * PUT body: the sale keeps its type, series and number; everything else may change and the lines are
 * replaced. Omitted fields keep their stored value (productos is required).
 */
export class UpdateVentaDto extends VentaCuerpoDto {}
