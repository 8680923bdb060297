import { cdrMismatch } from '../cdr/cdr-reader';
import { sentDocumentOf } from './sent-document';

const signed = (customer: string) =>
  `<Invoice xmlns:cac="c" xmlns:cbc="b" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ext:UBLExtensions><ds:Signature><ds:SignedInfo>` +
  `<ds:Reference URI=""><ds:DigestValue>abc123=</ds:DigestValue></ds:Reference></ds:SignedInfo></ds:Signature></ext:UBLExtensions>` +
  `<cbc:ID>F001-1</cbc:ID><cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">20000000001</cbc:ID>` +
  `</cac:PartyIdentification></cac:Party></cac:AccountingSupplierParty><cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification>` +
  `<cbc:ID schemeID="6">${customer}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty></Invoice>`;

const response = (fields: { documentHash?: string; recipientId?: string }) => ({ responses: [{ referenceId: 'F001-1', documentId: 'F001-1', ...fields }] });

describe('what a CDR can repeat of the document sent', () => {
  it("reads the signature's DigestValue and the customer's number (not the supplier's)", () => {
    expect(sentDocumentOf(signed('20100066603'))).toEqual({ hash: 'abc123=', recipient: '20100066603' });
    expect(sentDocumentOf(Buffer.from('<Invoice/>'))).toEqual({});
  });

  it('a CDR repeating another hash or another customer is not about it; one repeating neither is judged by its ID alone', () => {
    const sent = { hash: 'abc123=', recipient: '20100066603' };
    expect(cdrMismatch(response({ documentHash: 'abc123=', recipientId: '6-20100066603' }), sent)).toBeUndefined();
    expect(cdrMismatch(response({}), sent)).toBeUndefined();
    expect(cdrMismatch(response({ documentHash: 'zzz=' }), sent)).toMatch(/^hash zzz=/);
    expect(cdrMismatch(response({ recipientId: '6-20999999999' }), sent)).toMatch(/^receptor 6-20999999999/);
    // a customer without a document (boletas to '-' or zeros) says nothing
    expect(cdrMismatch(response({ recipientId: '0-00000000' }), { recipient: '-' })).toBeUndefined();
    expect(cdrMismatch(response({ recipientId: '1-12345678' }), { recipient: '12345678' })).toBeUndefined();
  });
});
