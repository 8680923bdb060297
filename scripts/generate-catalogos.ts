/**
 * Regenerates src/catalogos/data/catalogo-NN.json from SUNAT's catalogue files vendored in this repository
 * (vendor/sunat/xsl/commons/cpe/catalogo/cat_NN.xml, `<l><c id="..." attr="...">text</c></l>`: the same files
 * SUNAT's validation rules read, so the endpoint, the DTO checks and the rules engine agree). Run by hand when
 * the vendored files change:
 *   npx ts-node scripts/generate-catalogos.ts [path/to/catalogo/folder]
 * The service only ever reads the generated JSON.
 *
 * Each entry is `{codigo, descripcion, ...the element's other attributes}` in source order. Text is trimmed and
 * its runs of blanks collapsed; a code repeated in the source keeps its first entry; an id that is not a code
 * (a spreadsheet header left in the file) is left out. Every such change is written in the file's `notas`.
 * Entries SUNAT published after the vendored copy are added only from SUPLEMENTOS, each with its `fuente`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';

const folder = resolve(process.argv[2] ?? resolve(__dirname, '../vendor/sunat/xsl/commons/cpe/catalogo'));
const root = resolve(__dirname, '..');
const targetDir = resolve(__dirname, '../src/catalogos/data');

/** The catalogues the service uses, with SUNAT's titles (Anexo 8 of R.S. 097-2012/SUNAT and the GRE annex). */
const CATALOGOS: Record<string, string> = {
  '02': 'Códigos de tipos de monedas',
  '03': 'Códigos de tipo de unidad de medida comercial',
  '06': 'Códigos de tipos de documentos de identidad',
  '07': 'Códigos de tipo de afectación del IGV',
  '08': 'Códigos de tipos de sistema de cálculo del ISC',
  '09': 'Códigos de tipo de nota de crédito electrónica',
  '10': 'Códigos de tipo de nota de débito electrónica',
  '12': 'Códigos de documentos relacionados tributarios',
  '16': 'Códigos de tipo de precio de venta unitario',
  '20': 'Códigos de motivo de traslado',
  '51': 'Códigos de tipo de operación',
  '52': 'Códigos de leyendas',
  '53': 'Códigos de cargos o descuentos',
  '54': 'Códigos de bienes y servicios sujetos a detracciones',
  '59': 'Medios de pago',
  '61': 'Códigos de documentos relacionados al traslado de bienes',
};

interface Entrada {
  codigo: string;
  descripcion: string;
  [atributo: string]: string;
}

/** Official entries missing from the vendored copy, each with where it comes from. */
const SUPLEMENTOS: Record<string, Entrada[]> = {
  '20': [
    {
      codigo: '19',
      descripcion: 'Traslado a zona primaria',
      fuente:
        'SUNAT, catálogo N° 20 de la guía de remisión electrónica (versión 2022); la copia vendorizada es anterior. ' +
        'El servicio ya lo aceptaba (src/guias-remision/motivos-traslado.ts).',
    },
  ],
};

/** What is known to be missing and was NOT added (no citable file here). */
const NOTAS_EXTRA: Record<string, string[]> = {
  '02': ['Nombres en inglés tal como los lista SUNAT (ISO 4217); un código aparece una vez por país en la fuente.'],
  '03': ['Nombres en inglés tal como los lista SUNAT (UN/ECE Recomendación 20).'],
  '51': ['La copia vendorizada puede no tener los códigos que SUNAT añadió después; no se añadió ninguno sin una fuente citable.'],
  '53': [
    'La copia vendorizada termina en el código 63; los códigos que SUNAT haya añadido después (se mencionan 64-66 y 80) no están aquí: ' +
      'no se añadieron sin un archivo fuente citable. El servicio usa 00 (descuento por ítem) y 02 (descuento global).',
  ],
};

/** A code: digits and capital letters (the cat_03 file carries a 'Code'/'Name' header row). */
const CODIGO = /^[0-9A-Z]+$/;
const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

if (!existsSync(targetDir)) mkdirSync(targetDir, { recursive: true });
for (const [numero, titulo] of Object.entries(CATALOGOS)) {
  const file = resolve(folder, `cat_${numero}.xml`);
  if (!existsSync(file)) {
    console.log(`cat_${numero}.xml no está en ${folder}: omitido`);
    continue;
  }
  const bytes = readFileSync(file);
  const doc = new DOMParser().parseFromString(bytes.toString('utf8'), 'text/xml');
  const notas: string[] = [...(NOTAS_EXTRA[numero] ?? [])];
  const entries: Entrada[] = [];
  const seen = new Set<string>();
  const elements = doc.getElementsByTagName('c');
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    const codigo = clean(el.getAttribute('id') ?? '');
    const descripcion = clean(el.textContent ?? '');
    if (!CODIGO.test(codigo)) {
      notas.push(`Omitida la fila id="${codigo}" ("${descripcion}"): no es un código.`);
      continue;
    }
    if (seen.has(codigo)) continue;
    seen.add(codigo);
    const entry: Entrada = { codigo, descripcion };
    for (let a = 0; a < el.attributes.length; a++) {
      const attr = el.attributes[a];
      if (attr.name !== 'id') entry[attr.name] = clean(attr.value);
    }
    entries.push(entry);
  }
  const repetidos = elements.length - entries.length - notas.filter((n) => n.startsWith('Omitida')).length;
  if (repetidos > 0) notas.push(`Filas repetidas en la fuente omitidas: ${repetidos} (se conserva la primera de cada código).`);
  for (const extra of SUPLEMENTOS[numero] ?? []) {
    if (seen.has(extra.codigo)) throw new Error(`catálogo ${numero}: el suplemento ${extra.codigo} ya está en la fuente; quítelo`);
    entries.push(extra);
    notas.push(`Añadido ${extra.codigo} ("${extra.descripcion}"), ausente de la fuente: ${extra.fuente}`);
  }
  if (!entries.length) throw new Error(`catálogo ${numero}: sin entradas en ${file}`);

  // One entry per line, in source order, so a regenerated file diffs line by line.
  const header = {
    catalogo: numero,
    titulo,
    source: relative(root, file).split('\\').join('/'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    notas,
  };
  const head = Object.entries(header)
    .map(([k, v]) => ` ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(',\n');
  const lines = entries.map((e) => '  ' + JSON.stringify(e));
  const target = resolve(targetDir, `catalogo-${numero}.json`);
  writeFileSync(target, `{\n${head},\n "entries": [\n${lines.join(',\n')}\n ]\n}\n`);
  console.log(`catálogo ${numero}: ${entries.length} códigos -> ${relative(root, target)}`);
}
