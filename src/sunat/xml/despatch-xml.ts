import type { Despatch, DespatchAddress, DespatchDriver, DespatchLine, DespatchRelatedDocument } from '@/sunat/documents/despatch';
import { XML_DECLARATION, attr, el, ela, quantity } from './canonical';
import { openRoot } from './namespaces';
import { documentNumber, issueDateTime } from './sale-parts';
import { UBL_EXTENSIONS, partyDocumentId, signatureBlock } from './ubl-parts';

const TYPE_CODE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Tipo de Documento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01"';
const HANDLING_CODE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Motivo de traslado" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo20"';
const TRANSPORT_MODE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Modalidad de traslado" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo18"';
const UBIGEO_ATTRS = ' schemeAgencyName="PE:INEI" schemeName="Ubigeos"';
const RELATED_DOC_ATTRS =
  ' listAgencyName="PE:SUNAT" listName="Documento relacionado al transporte" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo61"';
const PORT_ATTRS = {
  '1': ' schemeAgencyName="PE:SUNAT" schemeName="Puertos" schemeURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo63"',
  '2': ' schemeAgencyName="PE:SUNAT" schemeName="Aeropuertos" schemeURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo64"',
} as const;

export const M1L_INDICATOR = 'SUNAT_Envio_IndicadorTrasladoVehiculoM1L';
/** The guide moves the whole DAM/DS (import/export): the goods are those of the declaration. */
export const TOTAL_DAM_INDICATOR = 'SUNAT_Envio_IndicadorTrasladoTotalDAMoDS';

function party(tag: string, tipoDoc: string, numero: string, nombre: string): string {
  return (
    `<${tag}><cac:Party><cac:PartyIdentification>${partyDocumentId(tipoDoc, numero)}</cac:PartyIdentification>` +
    `<cac:PartyLegalEntity>${el('cbc:RegistrationName', nombre)}</cac:PartyLegalEntity></cac:Party></${tag}>`
  );
}

function address(tag: string, value: DespatchAddress): string {
  const establishment = value.establecimiento
    ? ela(
        'cbc:AddressTypeCode',
        ` listAgencyName="PE:SUNAT" listID="${attr(value.establecimiento.ruc)}" listName="Establecimientos anexos"`,
        value.establecimiento.codigo,
      )
    : '';
  return `<${tag}>${ela('cbc:ID', UBIGEO_ATTRS, value.ubigeo)}${establishment}<cac:AddressLine>${el('cbc:Line', value.direccion)}</cac:AddressLine></${tag}>`;
}

function relatedDocument(doc: DespatchRelatedDocument): string {
  const issuer = doc.ruc_emisor
    ? `<cac:IssuerParty><cac:PartyIdentification>${partyDocumentId('6', doc.ruc_emisor)}</cac:PartyIdentification></cac:IssuerParty>`
    : '';
  return (
    `<cac:AdditionalDocumentReference>${el('cbc:ID', doc.numero)}${ela('cbc:DocumentTypeCode', RELATED_DOC_ATTRS, doc.tipo)}` +
    `${el('cbc:DocumentType', doc.descripcion)}${issuer}</cac:AdditionalDocumentReference>`
  );
}

function driver(person: DespatchDriver, role: 'Principal' | 'Secundario'): string {
  return (
    `<cac:DriverPerson>${partyDocumentId(person.tipo_doc, person.documento)}${el('cbc:FirstName', person.nombres)}` +
    `${el('cbc:FamilyName', person.apellidos)}<cbc:JobTitle>${role}</cbc:JobTitle>` +
    `<cac:IdentityDocumentReference>${el('cbc:ID', person.licencia)}</cac:IdentityDocumentReference></cac:DriverPerson>`
  );
}

/** Main vehicle and its secondary ones (private transport). */
function vehicles(guide: Despatch): string {
  if (guide.mod_transporte !== '02' || !guide.vehiculo_placa) return '';
  let attached = '';
  for (const plate of guide.vehiculos_secundarios ?? []) attached += `<cac:AttachedTransportEquipment>${el('cbc:ID', plate)}</cac:AttachedTransportEquipment>`;
  return `<cac:TransportHandlingUnit><cac:TransportEquipment>${el('cbc:ID', guide.vehiculo_placa)}${attached}</cac:TransportEquipment></cac:TransportHandlingUnit>`;
}

function port(guide: Despatch): string {
  const p = guide.puerto;
  if (!p) return '';
  return (
    `<cac:FirstArrivalPortLocation>${ela('cbc:ID', PORT_ATTRS[p.tipo], p.codigo)}` +
    `${el('cbc:LocationTypeCode', p.tipo)}${el('cbc:Name', p.nombre)}</cac:FirstArrivalPortLocation>`
  );
}

function specialInstructions(guide: Despatch): string {
  let out = '';
  if (guide.traslado_total_dam) out += el('cbc:SpecialInstructions', TOTAL_DAM_INDICATOR);
  if (guide.mod_transporte === '02' && guide.vehiculo_m1l) out += el('cbc:SpecialInstructions', M1L_INDICATOR);
  return out;
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
  if (guide.mod_transporte === '02' && guide.conductor?.documento) {
    stage += driver(guide.conductor, 'Principal');
    for (const other of guide.conductores_secundarios ?? []) stage += driver(other, 'Secundario');
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
  let lines = '';
  for (let i = 0; i < guide.lines.length; i++) lines += despatchLine(guide.lines[i], i + 1);
  let related = '';
  for (const doc of guide.documentos_relacionados ?? []) related += relatedDocument(doc);
  const buyer = guide.comprador;
  const seller = guide.proveedor;
  return (
    XML_DECLARATION +
    openRoot('DespatchAdvice') +
    UBL_EXTENSIONS +
    '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID>' +
    el('cbc:ID', documentNumber(guide.serie, guide.correlativo)) +
    issueDateTime(guide.fecha_emision, guide.hora_emision) +
    ela('cbc:DespatchAdviceTypeCode', TYPE_CODE_ATTRS, '09') +
    (guide.observaciones ? el('cbc:Note', guide.observaciones) : '') +
    related +
    signatureBlock(guide.company) +
    party('cac:DespatchSupplierParty', '6', guide.company.ruc, guide.company.razon_social) +
    party('cac:DeliveryCustomerParty', guide.destinatario.tipo_doc, guide.destinatario.numero, guide.destinatario.nombre) +
    (buyer ? party('cac:BuyerCustomerParty', buyer.tipo_doc, buyer.numero, buyer.nombre) : '') +
    (seller ? party('cac:SellerSupplierParty', seller.tipo_doc, seller.numero, seller.nombre) : '') +
    '<cac:Shipment><cbc:ID>SUNAT_Envio</cbc:ID>' +
    ela('cbc:HandlingCode', HANDLING_CODE_ATTRS, guide.motivo_traslado.codigo) +
    (guide.motivo_traslado.descripcion ? el('cbc:HandlingInstructions', guide.motivo_traslado.descripcion) : '') +
    `<cbc:GrossWeightMeasure unitCode="${attr(guide.und_peso_total)}">${quantity(guide.peso_total, 'peso_total')}</cbc:GrossWeightMeasure>` +
    (guide.numero_bultos ? el('cbc:TotalTransportHandlingUnitQuantity', String(guide.numero_bultos)) : '') +
    specialInstructions(guide) +
    shipmentStage(guide) +
    `<cac:Delivery>${address('cac:DeliveryAddress', guide.llegada)}` +
    `<cac:Despatch>${address('cac:DespatchAddress', guide.partida)}</cac:Despatch></cac:Delivery>` +
    vehicles(guide) +
    port(guide) +
    '</cac:Shipment>' +
    lines +
    '</DespatchAdvice>'
  );
}
