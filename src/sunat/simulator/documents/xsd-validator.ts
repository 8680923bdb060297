import { validateXsd as validateWithLibxml2, XSD_KIND_BY_ROOT } from '../../validation/xsd';

/**
 * libxml2 (WebAssembly, src/sunat/validation/xsd.ts): the validator SUNAT's own tools are checked against.
 * Answers the first problem, or undefined when the document is schema-valid.
 */
export async function validateXsd(xsdDir: string, root: string, xml: Buffer): Promise<string | undefined> {
  const kind = XSD_KIND_BY_ROOT[root];
  if (!kind) return `sin XSD para ${root}`;
  try {
    const result = await validateWithLibxml2(kind, xml, { xsdDir, timeoutMs: 20_000 });
    return result.valid ? undefined : (result.errors[0] ?? 'XSD inválido').slice(0, 300);
  } catch (error) {
    return String((error as Error).message ?? error).slice(0, 300);
  }
}
