/** The few SaxonJS 2.7 entry points used here (the package ships no type declarations). */

/** SaxonJS's DOM-like nodes (only what is read here). */
export interface SxNode {
  nodeType: number;
  nodeName: string;
  localName?: string;
  namespaceURI?: string | null;
  textContent?: string | null;
  childNodes: ArrayLike<SxNode>;
  getAttribute?(name: string): string | null;
}

export interface SaxonTransformOptions {
  stylesheetInternal: unknown;
  sourceNode?: unknown;
  destination: 'raw' | 'serialized' | 'document';
  stylesheetParams?: Record<string, unknown>;
  documentPool?: Record<string, unknown>;
  deliverMessage?: (message: SxNode, errorCode: unknown) => void;
}

export interface SaxonJSApi {
  transform(options: SaxonTransformOptions, mode: 'sync'): { principalResult: unknown };
  XPath: {
    evaluate(expr: string, context: unknown, options?: { params?: Record<string, unknown>; namespaceContext?: Record<string, string> }): unknown;
  };
  getProcessorInfo(): { productVersion: string };
}

export const SaxonJS: SaxonJSApi = require('saxon-js');
