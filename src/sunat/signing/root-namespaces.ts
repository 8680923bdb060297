import { InvalidXmlForSigningError } from './signing-errors';
import { XMLDSIG_NS } from './signature-algorithms';

export interface RootNamespaces {
  /**
   * The namespace declarations inclusive C14N renders on ds:SignedInfo when it is canonicalized
   * alone: every declaration in scope (the root's, plus xmlns:ds), default first, then by prefix.
   */
  signedInfoDeclarations: string;
  /** Declaration to put on ds:Signature when the root does not already bind the ds prefix. */
  signatureDeclaration: string;
}

interface Declaration {
  prefix: string; // '' for the default namespace
  attribute: string; // ' xmlns:p="uri"', value already escaped as C14N writes it
}

const DECLARATION = /\sxmlns(?::([^\s="]+))?="([^"]*)"/g;
const XML_ATTRIBUTE = /\sxml:[^\s="]+="/;

// Builders emit the same root tag for every document of a type, so a handful of entries covers all.
const cache = new Map<string, RootNamespaces>();
const CACHE_LIMIT = 64;

export function rootNamespaces(rootStartTag: string): RootNamespaces {
  let found = cache.get(rootStartTag);
  if (!found) {
    found = parse(rootStartTag);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(rootStartTag, found);
  }
  return found;
}

function parse(rootStartTag: string): RootNamespaces {
  // Inclusive C14N also copies inherited xml:* attributes onto an apex element; UBL never uses them
  // on the root, so refusing is simpler than rendering them.
  if (XML_ATTRIBUTE.test(rootStartTag)) {
    throw new InvalidXmlForSigningError('el elemento raíz no debe tener atributos xml:*.');
  }
  const declarations: Declaration[] = [];
  let dsBound = false;
  for (const match of rootStartTag.matchAll(DECLARATION)) {
    const prefix = match[1] ?? '';
    const uri = match[2];
    if (prefix === 'ds') {
      if (uri !== XMLDSIG_NS) {
        throw new InvalidXmlForSigningError(`el prefijo ds está ligado a ${uri}.`);
      }
      dsBound = true;
    }
    // An empty default namespace on the root is not in scope for anything; C14N omits it.
    if (prefix === '' && uri === '') continue;
    declarations.push({ prefix, attribute: match[0].replace(/^\s/, ' ') });
  }
  const signatureDeclaration = dsBound ? '' : ` xmlns:ds="${XMLDSIG_NS}"`;
  if (!dsBound) declarations.push({ prefix: 'ds', attribute: signatureDeclaration });
  declarations.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
  return {
    signedInfoDeclarations: declarations.map((d) => d.attribute).join(''),
    signatureDeclaration,
  };
}
