import ExcelJS from 'exceljs';
import { invalidField } from '@/common/errors/http-errors';
import { MAX_FILAS_IMPORTACION } from './dto/importar.dto';

const CAMPOS = ['codigo', 'nombre', 'descripcion', 'unidad', 'precio', 'costo', 'stock', 'codigo_sunat', 'tipo_afectacion_igv', 'estado'] as const;
const OBLIGATORIAS = ['codigo', 'nombre', 'precio'];
const NUMERICOS = new Set(['precio', 'costo', 'stock']);
const ALIAS: Record<string, string> = { afectacion_igv: 'tipo_afectacion_igv', tipo_afectacion: 'tipo_afectacion_igv', unidad_medida: 'unidad' };

export interface FilaExcel {
  fila: number;
  valores: Record<string, unknown>;
}

/**
 * Reads the first sheet of an .xlsx: row 1 holds the headers (field names, accents and case ignored),
 * every non-empty row below is one product. Unknown columns are ignored. Cells are turned into what a
 * JSON client would send: numbers for precio/costo/stock, text for codes.
 */
export async function leerFilasExcel(buffer: Buffer): Promise<FilaExcel[]> {
  // An .xlsx is a zip: refuse anything else before handing it to the parser.
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw invalidField('archivo', 'El archivo debe ser un Excel .xlsx.');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw invalidField('archivo', 'No se pudo leer el archivo Excel.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidField('archivo', 'El archivo no tiene hojas.');

  const columnas = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const campo = nombreDeCampo(textoDeCelda(cell.value));
    if (campo) columnas.set(col, campo);
  });
  const faltan = OBLIGATORIAS.filter((c) => ![...columnas.values()].includes(c));
  if (faltan.length) throw invalidField('archivo', `Faltan columnas: ${faltan.join(', ')}.`);

  const filas: FilaExcel[] = [];
  sheet.eachRow((row, numero) => {
    if (numero === 1) return;
    const valores: Record<string, unknown> = {};
    columnas.forEach((campo, col) => {
      const valor = valorDeCelda(row.getCell(col).value, NUMERICOS.has(campo));
      if (valor !== undefined) valores[campo] = valor;
    });
    if (Object.keys(valores).length) filas.push({ fila: numero, valores });
  });
  if (filas.length > MAX_FILAS_IMPORTACION) throw invalidField('archivo', `El archivo supera ${MAX_FILAS_IMPORTACION} filas.`);
  return filas;
}

function nombreDeCampo(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const key = header.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  const campo = ALIAS[key] ?? key;
  return (CAMPOS as readonly string[]).includes(campo) ? campo : undefined;
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
