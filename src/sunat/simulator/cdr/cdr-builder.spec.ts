import { nodes, parseXml } from '@/sunat/cdr/safe-xml';
import { sendBillEnvelope } from '@/sunat/gateway/soap/envelope';
import { buildCdrXml } from './cdr-builder';

/** Namespaces, names, attributes (namespace declarations aside) and texts, in document order. */
function tree(xml: string): unknown {
  const walk = (el: Element): unknown => [
    `{${el.namespaceURI ?? ''}}${el.localName}`,
    Array.from(el.attributes)
      .filter((a) => a.name !== 'xmlns' && !a.name.startsWith('xmlns:'))
      .map((a) => `${a.name}=${a.value}`),
    (nodes(el, '*') as Element[]).length ? (nodes(el, '*') as Element[]).map(walk) : el.textContent,
  ];
  return walk(parseXml(xml).documentElement);
}

/** What the string templates wrote before xmlbuilder2 (issue 15), with the UUID and times blanked. */
const LEGACY_CDR =
  '<?xml version="1.0" encoding="UTF-8"?><ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"><ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions><cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID><cbc:ID>80c54f42-2f8e-401d-a1fb-b31c988d623d</cbc:ID><cbc:IssueDate>2026-11-23</cbc:IssueDate><cbc:IssueTime>20:25:47</cbc:IssueTime><cbc:ResponseDate>2026-11-23</cbc:ResponseDate><cbc:ResponseTime>20:25:47</cbc:ResponseTime><cbc:Note>4252 - obs &amp; &lt;x&gt;</cbc:Note><cbc:Note>otra</cbc:Note><cac:Signature><cbc:ID>SignSUNAT</cbc:ID><cac:SignatoryParty><cac:PartyIdentification><cbc:ID>20131312955</cbc:ID></cac:PartyIdentification><cac:PartyName><cbc:Name>SUNAT</cbc:Name></cac:PartyName></cac:SignatoryParty><cac:DigitalSignatureAttachment><cac:ExternalReference><cbc:URI>#SignSUNAT</cbc:URI></cac:ExternalReference></cac:DigitalSignatureAttachment></cac:Signature><cac:SenderParty><cac:PartyIdentification><cbc:ID>20131312955</cbc:ID></cac:PartyIdentification></cac:SenderParty><cac:ReceiverParty><cac:PartyIdentification><cbc:ID>20000000001</cbc:ID></cac:PartyIdentification></cac:ReceiverParty><cac:DocumentResponse><cac:Response><cbc:ReferenceID>F001-1</cbc:ReferenceID><cbc:ResponseCode>0</cbc:ResponseCode><cbc:Description>La Factura &lt;a&gt; &amp; &quot;b&quot;</cbc:Description></cac:Response><cac:DocumentReference><cbc:ID>F001-1</cbc:ID><cbc:DocumentDescription>https://e?a=1&amp;b=2</cbc:DocumentDescription></cac:DocumentReference><cac:RecipientParty><cac:PartyIdentification><cbc:ID>6-20100066603</cbc:ID></cac:PartyIdentification></cac:RecipientParty></cac:DocumentResponse></ar:ApplicationResponse>';
const LEGACY_SEND_BILL =
  '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ser="http://service.sunat.gob.pe" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><soapenv:Header><wsse:Security><wsse:UsernameToken><wsse:Username>20000000001MOD&quot;DATOS</wsse:Username><wsse:Password>a&amp;b&lt;c&gt;&apos;</wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header><soapenv:Body><ser:sendBill><fileName>20000000001-01-F001-1.zip</fileName><contentFile>UEt6aXA=</contentFile></ser:sendBill></soapenv:Body></soapenv:Envelope>';

const blank = (xml: string) => xml.replace(/<cbc:ID>[0-9a-f-]{36}<\/cbc:ID>/, '<cbc:ID>UUID</cbc:ID>').replace(/(Date|Time)>[^<]+</g, '$1>X<');

describe('xmlbuilder2 trees equal the former templates (compared parsed, not as strings)', () => {
  it('CDR: every element, namespace and escaped text of a CDR with notes, QR and recipient', () => {
    const xml = buildCdrXml({
      name: 'x',
      referenceId: 'F001-1',
      responseCode: '0',
      description: 'La Factura <a> & "b"',
      notes: ['4252 - obs & <x>', 'otra'],
      senderRuc: '20000000001',
      recipient: '6-20100066603',
      qrUrl: 'https://e?a=1&b=2',
    });
    expect(tree(blank(xml))).toEqual(tree(blank(LEGACY_CDR)));
  });

  it('CDR: optional parts absent', () => {
    const xml = buildCdrXml({ name: 'x', referenceId: 'F001-1', responseCode: '0', description: 'ok', senderRuc: '20000000001' });
    expect(xml).not.toMatch(/RecipientParty|DocumentDescription|cbc:Note/);
  });

  it('SOAP envelope: credentials with every XML special character', () => {
    const xml = sendBillEnvelope({ ruc: '20000000001', usuario: 'MOD"DATOS', clave: "a&b<c>'" }, '20000000001-01-F001-1.zip', Buffer.from('PKzip'));
    expect(tree(xml)).toEqual(tree(LEGACY_SEND_BILL));
  });
});
