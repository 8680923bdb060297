import type { Despatch, DespatchAddress, DespatchLine } from '@/sunat/documents/despatch';
import { XML_DECLARATION, attr, el, ela, quantity } from './canonical';
import { openRoot } from './namespaces';
import { documentNumber, issueDateTime } from './sale-parts';
import { UBL_EXTENSIONS, partyDocumentId, signatureBlock } from './ubl-parts';

const TYPE_CODE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Tipo de Documento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01"';
const HANDLING_CODE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Motivo de traslado" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo20"';
const TRANSPORT_MODE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Modalidad de traslado" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo18"';
const UBIGEO_ATTRS = ' schemeAgencyName="PE:INEI" schemeName="Ubigeos"';

export const M1L_INDICATOR = 'SUNAT_Envio_IndicadorTrasladoVehiculoM1L';

function party(tag: string, tipoDoc: string, numero: string, nombre: string): string {
  return (
    `<${tag}><cac:Party><cac:PartyIdentification>${partyDocumentId(tipoDoc, numero)}</cac:PartyIdentification>` +
    `<cac:PartyLegalEntity>${el('cbc:RegistrationName', nombre)}</cac:PartyLegalEntity></cac:Party></${tag}>`
  );
}

function address(tag: string, value: DespatchAddress): string {
  return `<${tag}>${ela('cbc:ID', UBIGEO_ATTRS, value.ubigeo)}<cac:AddressLine>${el('cbc:Line', value.direccion)}</cac:AddressLine></${tag}>`;
}

/** Carrier for public transport ('01'); driver ('Principal') for private transport ('02'). */
function shipmentStage(guide: Despatch): string {
  let stage =
    `<cac:ShipmentStage>${ela('cbc:TransportModeCode', TRANSPORT_MODE_ATTRS, guide.mod_transporte)}` +
    `<cac:TransitPeriod>${el('cbc:StartDate', guide.fecha_traslado)}</cac:TransitPeriod>`;
  const carrier = guide.transportista;
  if (guide.mod_transporte === '01' && carrier?.documento) {
    stage +=
      `<cac:CarrierParty><cac:PartyIdentification>${partyDocumentId(carrier.tipo_doc, carrier.documento)}</cac:PartyIdentification>` +
      `<cac:PartyLegalEntity>${el('cbc:RegistrationName', carrier.nombre)}` +
      `${carrier.nro_mtc ? el('cbc:CompanyID', carrier.nro_mtc) : ''}</cac:PartyLegalEntity></cac:CarrierParty>`;
  }
  const driver = guide.conductor;
  if (guide.mod_transporte === '02' && driver?.documento) {
    stage +=
      `<cac:DriverPerson>${partyDocumentId(driver.tipo_doc, driver.documento)}${el('cbc:FirstName', driver.nombres)}` +
      `${el('cbc:FamilyName', driver.apellidos)}<cbc:JobTitle>Principal</cbc:JobTitle>` +
      `<cac:IdentityDocumentReference>${el('cbc:ID', driver.licencia)}</cac:IdentityDocumentReference></cac:DriverPerson>`;
  }
  return `${stage}</cac:ShipmentStage>`;
}

function despatchLine(line: DespatchLine, index: number): string {
  const code = line.codigo ? `<cac:SellersItemIdentification>${el('cbc:ID', line.codigo)}</cac:SellersItemIdentification>` : '';
  return (
    `<cac:DespatchLine><cbc:ID>${index}</cbc:ID>` +
    `<cbc:DeliveredQuantity unitCode="${attr(line.unidad)}">${quantity(line.cantidad)}</cbc:DeliveredQuantity>` +
    `<cac:OrderLineReference><cbc:LineID>${index}</cbc:LineID></cac:OrderLineReference>` +
    `<cac:Item>${el('cbc:Description', line.descripcion)}${code}</cac:Item></cac:DespatchLine>`
  );
}

/** Guía de remisión remitente (09), GRE 2022: UBL 2.1 DespatchAdvice, CustomizationID 2.0, in canonical form. */
export function buildDespatchXml(guide: Despatch): string {
  const privateTransport = guide.mod_transporte === '02';
  const vehicle =
    privateTransport && guide.vehiculo_placa
      ? `<cac:TransportHandlingUnit><cac:TransportEquipment>${el('cbc:ID', guide.vehiculo_placa)}</cac:TransportEquipment></cac:TransportHandlingUnit>`
      : '';
  let lines = '';
  for (let i = 0; i < guide.lines.length; i++) lines += despatchLine(guide.lines[i], i + 1);
  return (
    XML_DECLARATION +
    openRoot('DespatchAdvice') +
    UBL_EXTENSIONS +
    '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID>' +
    el('cbc:ID', documentNumber(guide.serie, guide.correlativo)) +
    issueDateTime(guide.fecha_emision, guide.hora_emision) +
    ela('cbc:DespatchAdviceTypeCode', TYPE_CODE_ATTRS, '09') +
    (guide.observaciones ? el('cbc:Note', guide.observaciones) : '') +
    signatureBlock(guide.company) +
    party('cac:DespatchSupplierParty', '6', guide.company.ruc, guide.company.razon_social) +
    party('cac:DeliveryCustomerParty', guide.destinatario.tipo_doc, guide.destinatario.numero, guide.destinatario.nombre) +
    '<cac:Shipment><cbc:ID>SUNAT_Envio</cbc:ID>' +
    ela('cbc:HandlingCode', HANDLING_CODE_ATTRS, guide.motivo_traslado.codigo) +
    (guide.motivo_traslado.descripcion ? el('cbc:HandlingInstructions', guide.motivo_traslado.descripcion) : '') +
    `<cbc:GrossWeightMeasure unitCode="${attr(guide.und_peso_total)}">${quantity(guide.peso_total, 'peso_total')}</cbc:GrossWeightMeasure>` +
    (privateTransport && guide.vehiculo_m1l ? el('cbc:SpecialInstructions', M1L_INDICATOR) : '') +
    shipmentStage(guide) +
    `<cac:Delivery>${address('cac:DeliveryAddress', guide.llegada)}` +
    `<cac:Despatch>${address('cac:DespatchAddress', guide.partida)}</cac:Despatch></cac:Delivery>` +
    vehicle +
    '</cac:Shipment>' +
    lines +
    '</DespatchAdvice>'
  );
}
