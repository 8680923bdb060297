import { nodes, parseXml, text } from '@/sunat/cdr/safe-xml';
import { SimFault } from '../sim-fault';

export interface SoapRequest {
  operation: string;
  fields: Record<string, string>;
  username?: string;
  password?: string;
}

/** Reads a SOAP request namespace-agnostically, as SUNAT's gateway accepts any prefixes. */
export function parseSoapRequest(body: Buffer): SoapRequest {
  let doc: Document;
  try {
    doc = parseXml(body);
  } catch (error) {
    throw new SimFault('0200', `sobre SOAP ilegible: ${(error as Error).message}`);
  }
  const root = doc.documentElement;
  const operationNode = root.localName === 'Envelope' ? (nodes(root, 'Body/*')[0] as Element | undefined) : undefined;
  if (!operationNode) throw new SimFault('0200', 'sobre SOAP sin operación');
  const fields: Record<string, string> = {};
  for (const child of nodes(operationNode, '*') as Element[]) fields[child.localName] = child.textContent?.trim() ?? '';
  return {
    operation: operationNode.localName,
    fields,
    username: text(root, 'Header/Security/UsernameToken/Username'),
    password: text(root, 'Header/Security/UsernameToken/Password'),
  };
}
