import { Readable } from 'node:stream';
import { HttpException } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { invalidField } from '@/common/errors/http-errors';
import { MAX_FILAS_IMPORTACION } from './dto/importar.dto';
import { Producto } from './entities/producto.entity';
import { ExcesoXlsx, LimitesXlsx, revisarDescomprimido } from './xlsx-descomprimido';

export const CAMPOS_EXCEL = [
  'codigo',
  'nombre',
  'descripcion',
  'unidad',
  'precio',
  'costo',
  'stock',
  'codigo_sunat',
  'tipo_afectacion_igv',
  'icbper',
  'isc_sistema',
  'isc_tasa',
  'isc_monto',
  'isc_precio_publico',
  'estado',
] as const;
const CAMPOS: readonly string[] = CAMPOS_EXCEL;
const OBLIGATORIAS = ['codigo', 'nombre', 'precio'];
const NUMERICOS = new Set(['precio', 'costo', 'stock', 'isc_tasa', 'isc_monto', 'isc_precio_publico']);
const SI = new Set(['si', 'sí', 'true', '1', 'x']);
const NO = new Set(['no', 'false', '0']);
const ALIAS: Record<string, string> = { afectacion_igv: 'tipo_afectacion_igv', tipo_afectacion: 'tipo_afectacion_igv', unidad_medida: 'unidad' };

export interface FilaExcel {
  fila: number;
  valores: Record<string, unknown>;
}

/** Inflated size an import may reach: 5,000 rows of 10 columns need a few MB, the cap leaves room for styles. */
export const MAX_DESCOMPRIMIDO = 50 * 1024 * 1024;

const MB = 1024 * 1024;
const TEXTOS = 'xl/sharedStrings.xml';
const ESTILOS = 'xl/styles.xml';

/**
 * The parts exceljs loads whole before the first row: the shared strings (one <si> per distinct text;
 * 5,000 rows of 15 columns are 75,000 cells, and 5,000 descriptions of 2,000 characters about 10 MB) and
 * the styles (a product list needs a handful; 20,000 elements already cost exceljs about half a second).
 */
export const LIMITES_XLSX: LimitesXlsx = {
  descomprimido: MAX_DESCOMPRIMIDO,
  partes: {
    [TEXTOS]: { elemento: 'si', elementos: 100_000, bytes: 16 * MB },
    [ESTILOS]: { elementos: 20_000, bytes: 2 * MB },
  },
};

function motivoDeExceso(exceso: ExcesoXlsx): string {
  if (exceso.limite === 'descomprimido') return `El archivo descomprimido supera ${MAX_DESCOMPRIMIDO / MB} MB.`;
  const limite = LIMITES_XLSX.partes[exceso.parte];
  const textos = exceso.parte === TEXTOS;
  if (exceso.limite === 'bytes') return `Los ${textos ? 'textos' : 'estilos'} del archivo superan ${limite.bytes / MB} MB.`;
  return textos ? `El archivo supera ${limite.elementos} textos distintos.` : `Los estilos del archivo superan ${limite.elementos} elementos.`;
}

/**
 * Reads the first sheet of an .xlsx: row 1 holds the headers (field names, accents and case ignored),
 * every non-empty row below is one product. Unknown columns are ignored. Cells are turned into what a
 * JSON client would send: numbers for precio/costo/stock, text for codes. The inflated size and the
 * shared strings and styles are bounded before any parsing; the sheet is then streamed and the reading
 * stops at the first row over the limit.
 */
export async function leerFilasExcel(buffer: Buffer): Promise<FilaExcel[]> {
  // An .xlsx is a zip: refuse anything else before handing it to the parser.
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw invalidField('archivo', 'El archivo debe ser un Excel .xlsx.');
  let exceso: ExcesoXlsx | undefined;
  try {
    exceso = await revisarDescomprimido(buffer, LIMITES_XLSX);
  } catch {
    throw invalidField('archivo', 'No se pudo leer el archivo Excel.');
  }
  if (exceso) throw invalidField('archivo', motivoDeExceso(exceso));
  try {
    return await leerPrimeraHoja(buffer);
  } catch (error) {
    if (error instanceof HttpException) throw error;
    throw invalidField('archivo', 'No se pudo leer el archivo Excel.');
  }
}

async function leerPrimeraHoja(buffer: Buffer): Promise<FilaExcel[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
  });
  for await (const sheet of reader) {
    const columnas = new Map<number, string>();
    const filas: FilaExcel[] = [];
    let cabecera = false;
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      if (!cabecera) {
        cabecera = true;
        if (row.number === 1) {
          row.eachCell((cell, col) => {
            const campo = nombreDeCampo(textoDeCelda(cell.value));
            if (campo) columnas.set(col, campo);
          });
          const faltan = OBLIGATORIAS.filter((c) => ![...columnas.values()].includes(c));
          if (faltan.length) throw invalidField('archivo', `Faltan columnas: ${faltan.join(', ')}.`);
          continue;
        }
      }
      if (columnas.size === 0) throw invalidField('archivo', `Faltan columnas: ${OBLIGATORIAS.join(', ')}.`);
      const valores: Record<string, unknown> = {};
      columnas.forEach((campo, col) => {
        const valor = valorDeCelda(row.getCell(col).value, NUMERICOS.has(campo));
        if (valor !== undefined) valores[campo] = valor;
      });
      if (!Object.keys(valores).length) continue;
      if (filas.length === MAX_FILAS_IMPORTACION) throw invalidField('archivo', `El archivo supera ${MAX_FILAS_IMPORTACION} filas.`);
      filas.push({ fila: row.number, valores: comoProducto(valores) });
    }
    if (!cabecera) throw invalidField('archivo', `Faltan columnas: ${OBLIGATORIAS.join(', ')}.`);
    return filas;
  }
  throw invalidField('archivo', 'El archivo no tiene hojas.');
}

function nombreDeCampo(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const key = header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const campo = ALIAS[key] ?? key;
  return CAMPOS.includes(campo) ? campo : undefined;
}

/**
 * The sheet's flat columns as the JSON product: isc_* become `isc` {sistema, tasa, monto, precio_publico}
 * (a typed 1 is system '01'), and icbper SI/NO, 1/0, true/false becomes a boolean (anything else is left for the DTO to refuse).
 */
function comoProducto(valores: Record<string, unknown>): Record<string, unknown> {
  const { isc_sistema, isc_tasa, isc_monto, isc_precio_publico, ...producto } = valores;
  if ([isc_sistema, isc_tasa, isc_monto, isc_precio_publico].some((v) => v !== undefined)) {
    const sistema = typeof isc_sistema === 'string' && /^\d$/.test(isc_sistema) ? `0${isc_sistema}` : isc_sistema;
    producto.isc = Object.fromEntries(
      Object.entries({ sistema, tasa: isc_tasa, monto: isc_monto, precio_publico: isc_precio_publico }).filter(([, v]) => v !== undefined),
    );
  }
  if (producto.icbper !== undefined) {
    const texto = String(producto.icbper).trim().toLowerCase();
    if (SI.has(texto)) producto.icbper = true;
    else if (NO.has(texto)) producto.icbper = false;
  }
  return producto;
}

/** Unwraps rich text, formulas (their cached result) and hyperlinks into a plain value. */
function primitivo(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return primitivo(value.result as ExcelJS.CellValue);
  if ('text' in value) return primitivo(value.text as ExcelJS.CellValue);
  return undefined;
}

function textoDeCelda(value: ExcelJS.CellValue): string | undefined {
  const v = primitivo(value);
  return v === undefined ? undefined : String(v);
}

function valorDeCelda(value: ExcelJS.CellValue, numerico: boolean): unknown {
  const v = primitivo(value);
  if (v === undefined) return undefined;
  if (typeof v === 'string') {
    const s = v.trim();
    if (!s) return undefined;
    // A typed "12,50" (Peruvian decimal comma) or "12.50" is still a number for the numeric columns.
    if (numerico && /^-?\d+([.,]\d+)?$/.test(s)) return Number(s.replace(',', '.'));
    return s;
  }
  // Excel stores binary doubles (0.1+0.2 = 0.30000000000000004): keep the 15 digits it displays.
  if (typeof v === 'number') return numerico ? Number(v.toPrecision(15)) : String(Number(v.toPrecision(15)));
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return v;
}

/** A spreadsheet cell never starts a formula (OWASP "CSV injection"): such text gets a leading apostrophe. */
const texto = (valor: string | null): string => (valor && /^[=+\-@\t\r]/.test(valor) ? `'${valor}` : (valor ?? ''));
const numero = (valor: string | null): number | null => (valor === null ? null : Number(valor));

/**
 * The products as an .xlsx whose header row is the import's column names (CAMPOS_EXCEL), so the file can be
 * edited and read back by leer-excel: icbper as SI/NO, the ISC as its isc_* columns.
 */
export async function escribirExcel(productos: Producto[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'facturacion-sunat';
  const sheet = workbook.addWorksheet('Productos');
  sheet.addRow([...CAMPOS_EXCEL]);
  for (const p of productos) {
    const fila: Record<(typeof CAMPOS_EXCEL)[number], string | number | null> = {
      codigo: texto(p.codigo),
      nombre: texto(p.nombre),
      descripcion: texto(p.descripcion),
      unidad: p.unidad,
      precio: Number(p.precio),
      costo: Number(p.costo),
      stock: Number(p.stock),
      codigo_sunat: p.codigo_sunat,
      tipo_afectacion_igv: p.tipo_afectacion_igv,
      icbper: p.icbper ? 'SI' : 'NO',
      isc_sistema: p.isc_sistema,
      isc_tasa: numero(p.isc_tasa),
      isc_monto: numero(p.isc_monto),
      isc_precio_publico: numero(p.isc_precio_publico),
      estado: p.estado,
    };
    sheet.addRow(CAMPOS_EXCEL.map((campo) => fila[campo]));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
