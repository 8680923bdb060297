import { voidedId } from '@/sunat/documents/file-names';
import type { Voided } from '@/sunat/documents/voided';
import { XML_DECLARATION, el } from './canonical';
import { openRoot } from './namespaces';
import { UBL_EXTENSIONS, batchSupplierParty, signatureBlock } from './ubl-parts';

/** Comunicación de baja (RA): UBL 2.0 VoidedDocuments, CustomizationID 1.0, canonical form. */
export function buildVoidedXml(voided: Voided): string {
  if (voided.lines.length === 0) throw new Error('No hay documentos para dar de baja.');
  let lines = '';
  for (let i = 0; i < voided.lines.length; i++) {
    const line = voided.lines[i];
    lines +=
      `<sac:VoidedDocumentsLine><cbc:LineID>${i + 1}</cbc:LineID>${el('cbc:DocumentTypeCode', line.tipo_doc)}` +
      `${el('sac:DocumentSerialID', line.serie)}${el('sac:DocumentNumberID', String(line.correlativo))}` +
      `${el('sac:VoidReasonDescription', line.motivo)}</sac:VoidedDocumentsLine>`;
  }
  return (
    XML_DECLARATION +
    openRoot('VoidedDocuments', true) +
    UBL_EXTENSIONS +
    '<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID>' +
    el('cbc:ID', voidedId(voided.fecha_generacion, voided.correlativo)) +
    el('cbc:ReferenceDate', voided.fecha_referencia) +
    el('cbc:IssueDate', voided.fecha_generacion) +
    signatureBlock(voided.company) +
    batchSupplierParty(voided.company) +
    lines +
    '</VoidedDocuments>'
  );
}
