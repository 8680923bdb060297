export type CdrOutcome = 'accepted' | 'accepted-with-observations' | 'rejected' | 'exception';

export interface CdrNote {
  /** Four-digit code when the note starts with one ('4252 - ...'), else undefined. */
  code?: string;
  message: string;
}

/** What a CDR (ApplicationResponse) says, read leniently from UBL 2.0 or 2.1. */
export interface Cdr {
  id?: string;
  issueDate?: string;
  issueTime?: string;
  responseDate?: string;
  responseTime?: string;
  /** Series-number (F001-1) or summary id (RC-20240101-1) the answer is about. */
  referenceId?: string;
  responseCode: string;
  description: string;
  notes: CdrNote[];
  /** DocumentResponse/DocumentReference/ID: the document the answer is about (absent in minimal exception CDRs). */
  documentId?: string;
  /** Every DocumentResponse, in order: one for a document or summary, one per document for a sendPack ticket. */
  responses: CdrResponse[];
  /** GRE: the QR URL SUNAT puts in DocumentReference/DocumentDescription. */
  documentDescription?: string;
  recipientId?: string;
  /** DocumentReference/Attachment/ExternalReference/DocumentHash: the DigestValue of the document answered (OSE-format CDRs). */
  documentHash?: string;
  outcome: CdrOutcome;
  /** True for both accepted outcomes: the series-number is registered. */
  accepted: boolean;
}

/** One cac:DocumentResponse of a CDR. */
export interface CdrResponse {
  referenceId?: string;
  documentId?: string;
  responseCode?: string;
  description?: string;
  documentHash?: string;
  /** RecipientParty/PartyIdentification/ID ('6-20100066603'). */
  recipientId?: string;
}
