import { Injectable } from '@nestjs/common';
import { Emisor } from '@/empresas/emisor.service';
import { Customer, DocumentLine, DocumentTotals, Moneda, TipoDocIdentidad } from '@/sunat/documents/common';
import { documentFileName } from '@/sunat/documents/file-names';
import { Invoice } from '@/sunat/documents/invoice';
import { DocumentIssuer, IssuedDocument } from '@/sunat/nest/document-issuer';
import { buildInvoiceXml } from '@/sunat/xml/invoice-xml';
import { SigningCredentials } from '@/sunat/signing/signing-credentials';
import { VentaClienteView } from './dto/venta-view';
import { Venta } from './entities/venta.entity';

/** Storage name of a sale's XML, without '.xml': '{RUC}-01-F001-12'. Built from stored fields only. */
export function nombreDocumento(ruc: string, venta: Pick<Venta, 'tipo_documento' | 'serie' | 'numero'>): string {
  return documentFileName(ruc, venta.tipo_documento, venta.serie, venta.numero).replace(/\.xml$/, '');
}

export function customerOf(cliente: VentaClienteView): Customer {
  return {
    tipo_doc: cliente.tipo_doc as TipoDocIdentidad,
    numero: cliente.documento,
    nombre: cliente.datos,
    direccion: cliente.direccion ?? undefined,
  };
}

/**
 * The sale's UBL 2.1 Invoice: built from the stored sale and its computed lines, signed and stored.
 * Credentials are loaded by the caller BEFORE its transaction: loading them may need a pool connection,
 * and a transaction holding the series lock must never wait for one (50 parallel sales would deadlock).
 */
@Injectable()
export class VentaXmlService {
  constructor(private readonly issuer: DocumentIssuer) {}

  async emitir(
    emisor: Emisor,
    credentials: SigningCredentials,
    venta: Venta,
    cliente: VentaClienteView,
    lineas: DocumentLine[],
    totales: DocumentTotals,
  ): Promise<IssuedDocument> {
    const invoice: Invoice = {
      tipo: venta.tipo_documento as Invoice['tipo'],
      serie: venta.serie,
      correlativo: venta.numero,
      fecha_emision: venta.fecha_emision,
      hora_emision: venta.hora_emision,
      moneda: venta.tipo_moneda as Moneda,
      company: emisor.company,
      customer: customerOf(cliente),
      lines: lineas,
      totals: totales,
      forma_pago: 'Contado',
    };
    return this.issuer.issue(venta.id_empresa, nombreDocumento(emisor.ruc, venta), buildInvoiceXml(invoice), credentials);
  }
}
