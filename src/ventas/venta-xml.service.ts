import { Injectable } from '@nestjs/common';
import type { StorageTransaction } from '@/sunat/storage/document-storage';
import { Emisor } from '@/empresas/emisor.service';
import { DocumentLine, DocumentTotals } from '@/sunat/documents/common';
import { DocumentIssuer, IssuedDocument } from '@/sunat/nest/document-issuer';
import { buildInvoiceXml } from '@/sunat/xml/invoice-xml';
import { SigningCredentials } from '@/sunat/signing/signing-credentials';
import { VentaClienteView } from './dto/venta-view';
import { Venta } from './entities/venta.entity';
import { nombreDocumento, toInvoice } from './venta.mapper';

/**
 * The sale's UBL 2.1 Invoice: built from the stored sale and its computed lines, signed and stored.
 * Credentials are loaded by the caller BEFORE its transaction: loading them may need a pool connection,
 * and a transaction holding the series lock must never wait for one (50 parallel sales would deadlock).
 */
@Injectable()
export class VentaXmlService {
  constructor(private readonly issuer: DocumentIssuer) {}

  /** Signs the sale's XML and stores it, with the sale's own writes running beside SUNAT's rules (DocumentIssuer.issueWhile). */
  emitir<T>(
    emisor: Emisor,
    credentials: SigningCredentials,
    venta: Venta,
    cliente: VentaClienteView,
    lineas: DocumentLine[],
    totales: DocumentTotals,
    tx: StorageTransaction,
    writes: (signed: { hash: string; nombre_xml: string }) => Promise<T>,
  ): Promise<{ issued: IssuedDocument; written: T }> {
    return this.issuer.issueWhile(
      venta.id_empresa,
      nombreDocumento(emisor.ruc, venta),
      buildInvoiceXml(toInvoice(emisor, venta, cliente, lineas, totales)),
      credentials,
      tx,
      writes,
    );
  }
}
