import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { problemaDeTexto } from '../support/openapi-checks';

const RAIZ = join(__dirname, '..', '..');

/**
 * The shipped OpenAPI document takes each DTO property's JSDoc comment as its description: nest build runs the
 * @nestjs/swagger plugin with introspectComments (nest-cli.json). The tests' ts-jest build does not, so the e2e
 * tests never see these texts; this reads them where the plugin does, in every *.dto.ts under src/.
 */
function descripcionesDeDtos(): Array<{ donde: string; texto: string }> {
  const archivos = (readdirSync(join(RAIZ, 'src'), { recursive: true }) as string[]).filter((f) => f.endsWith('.dto.ts')).map((f) => join(RAIZ, 'src', f));
  const out: Array<{ donde: string; texto: string }> = [];
  for (const archivo of archivos) {
    const fuente = ts.createSourceFile(archivo, readFileSync(archivo, 'utf8'), ts.ScriptTarget.Latest, true);
    const visitar = (nodo: ts.Node): void => {
      if (ts.isClassDeclaration(nodo)) {
        for (const miembro of nodo.members) {
          if (!ts.isPropertyDeclaration(miembro)) continue;
          for (const doc of ts.getJSDocCommentsAndTags(miembro).filter(ts.isJSDoc)) {
            const texto = ts.getTextOfJSDocComment(doc.comment);
            if (texto) out.push({ donde: `${relative(RAIZ, archivo)} ${nodo.name?.text}.${miembro.name.getText()}`, texto });
          }
        }
      }
      ts.forEachChild(nodo, visitar);
    };
    visitar(fuente);
  }
  return out;
}

/** Descriptions the shipped document carried in English, each caught by the check and gone from the DTOs. */
const ANTES_EN_INGLES = [
  'Login name (usuario) or email.',
  'At least 10 characters, at most 72 bytes, not a common password.',
  "Two digits, as SUNAT numbers its catalogues: '03', not '3'.",
  'Words to find in the code or the description, accent-insensitive.',
  "Derived from documento's length when omitted (8 digits DNI, 11 RUC).",
  'Including IGV for gravado products.',
  "Reason sent to SUNAT; empty becomes 'ERROR EN EMISION'.",
  'A product of the company; its codigo and nombre fill the line when these are not sent.',
  'Required unless producto_id is given.',
  'Includes IGV.',
  'Negotiated price; when given (not null, 0 included) it replaces precio_unitario in the totals.',
  'Optional for either currency (SPEC.md); positive when sent.',
  'A string per SPEC.md; a number (30) is accepted and stored as text.',
  'Tax rate as a percentage (18.00).',
  "'beta' is SUNAT's test environment; 'produccion' sends for real.",
  'Write-only: stored encrypted, never returned.',
  'Password of the .pfx/.p12 (or of an encrypted PEM key). Never stored, never logged.',
  "Defaults to the reason's description.",
  "Reasons 04, 08, 09, 10, 11, 12: the amount with taxes, spread over the sale's lines.",
  '> 0, cents; the top is what the amount-in-words legend can say (999,999,999.99).',
  "Permission names of `PERMISSIONS` ('<module>.<action>'); the role ends up with exactly these.",
  'Administrators only: the company the new role belongs to (absent: a global role).',
  'Percent (17 = 17 %).',
  "SUNAT catálogo 03; 'ZZ' (servicio) carries no stock.",
  'Sale price including IGV.',
  'Initial stock on create; on update an inventory adjustment (recorded as a movement).',
  'any affectation; a sale line naming the product takes it unless the line sends its own.',
  'A plastic bag: its sale lines charge ICBPER per unit.',
  'ISC (catálogo 08) of a gravado (10) product; null for none.',
  "Replaces the product's ISC; null removes it.",
  'Sale ids (boletas); SUNAT takes up to 500 lines per summary, so more are sent as several (up to 10).',
  "Issue date of the boletas it reports (the summary's ReferenceDate).",
  'Last number already issued in this series elsewhere (when migrating from another system).',
  'Login name.',
  'Only administrators may create users for another company; others always get their own.',
  'Percent (12 = 12 %); default the catálogo 54 rate of the code.',
  "Catálogo 59; default '001' (depósito en cuenta).",
  'In PEN; default round(total in PEN x porcentaje / 100) to whole soles.',
  'Percent; default 3.',
  'Up to 10 decimals.',
  "Unit price, up to 10 decimals: with IGV unless the sale's precios_incluyen_igv is false;",
  'ICBPER: the quantity counts plastic bags, charged at the rate of the issue year.',
  "UNSPSC (catalog 25), 8 digits; defaults to the product's. Without one the line carries no CommodityClassification.",
  "Line discount (catalog 53 code 00) in the prices' terms; reduces the line's base.",
  'The client: id_cliente, or cliente_documento + cliente_datos (found or created). id_cliente wins when both come.',
  'Catálogo 06 type of a client created by cliente_documento; without it the length decides (8 DNI, 11 RUC).',
  "Catálogo 51; default '0101'.",
  "Default true; false: the lines' precio_unitario are values without IGV.",
  "Global discount (catalog 53 code 02) on the gravado lines, in the prices' terms.",
  'payment conditions (rules across fields: ventas/venta-pago.ts). On PUT: omitted keeps, null removes.',
  'PEN per unit of tipo_moneda; required when a non-PEN sale carries a detracción or a percepción.',
  'Take the stock now (default true); false leaves it for POST {id}/descontar-stock.',
  'Related dispatch guides (cac:DespatchDocumentReference).',
  "Purchase order (cac:OrderReference): up to 20 characters without spaces (SUNAT's rule 4233).",
  'Other related documents, catálogo 12 (cac:AdditionalDocumentReference).',
  'This sale is an advance payment (anticipo) a later invoice of the same client may deduct.',
  'Accepted advance invoices of the same client this sale deducts (PrepaidPayment, catálogo 53 code 04/05/06).',
  "Up to 30 characters without spaces (SUNAT's rule 4010).",
  "Amount deducted, taxes included, in the sale's currency; default: what remains of the advance.",
  'cod_sunat of the document type.',
  'Client documento or name, partial.',
];

describe('DTO property descriptions (the OpenAPI descriptions of the production build)', () => {
  const descripciones = descripcionesDeDtos();

  it('finds the DTO comments the build plugin reads', () => {
    expect(descripciones.length).toBeGreaterThan(50);
    expect(descripciones.map((d) => d.donde)).toContain('src/auth/dto/auth.dto.ts LoginDto.user');
  });

  it('are written in Spanish, without tracker references', () => {
    const problemas = descripciones.flatMap(({ donde, texto }) => {
      const problema = problemaDeTexto(texto);
      return problema ? [`${donde}: ${problema}: ${JSON.stringify(texto)}`] : [];
    });
    expect(problemas.join('\n')).toBe('');
  });

  it('no longer carry the English descriptions of before, each of which the check recognises', () => {
    const normalizar = (s: string) => s.replace(/\s+/g, ' ');
    expect(ANTES_EN_INGLES.filter((ingles) => !problemaDeTexto(ingles))).toEqual([]);
    const quedan = ANTES_EN_INGLES.flatMap((ingles) =>
      descripciones.filter((d) => normalizar(d.texto).includes(normalizar(ingles))).map((d) => `${d.donde}: ${ingles}`),
    );
    expect(quedan).toEqual([]);
  });
});
