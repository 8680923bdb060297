import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ClientesService } from '@/clientes/clientes.service';
import { ClienteResponse } from '@/clientes/dto/cliente.dto';
import { invalidField } from '@/common/errors/http-errors';
import { FACTURA } from './tipos-documento';

export interface ClienteDeVenta {
  id_cliente?: number;
  cliente_documento?: string;
  cliente_datos?: string;
  cliente_direccion?: string;
  cliente_tipo_doc?: string;
}

/** Exports (catálogo 51 0200-0208). */
export const esExportacion = (tipoOperacion: string): boolean => /^020[0-8]$/.test(tipoOperacion);

/** A factura needs a RUC client, except for exports and non-domiciled operations (0401). */
export function assertClienteDeFactura(tipo: string, tipoOperacion: string, cliente: Pick<ClienteResponse, 'tipo_doc'>, campo: string): void {
  if (tipo !== FACTURA || cliente.tipo_doc === RUC || esExportacion(tipoOperacion) || tipoOperacion === '0401') return;
  throw invalidField(campo, 'Las facturas requieren un cliente con RUC (11 dígitos), salvo exportaciones (tipo_operacion 0200-0208) y no domiciliados (0401).');
}

const RUC = '6';

/** The sale's client: by id, or found/created by documento inside the sale's transaction. */
@Injectable()
export class VentaClienteService {
  constructor(private readonly clientes: ClientesService) {}

  async resolve(manager: EntityManager, empresaId: number, tipo: string, body: ClienteDeVenta, tipoOperacion = '0101'): Promise<ClienteResponse> {
    let cliente: ClienteResponse | null;
    let campo: string;
    if (body.id_cliente !== undefined) {
      campo = 'id_cliente';
      cliente = await this.clientes.findForEmpresa(manager, empresaId, body.id_cliente);
      if (!cliente) throw invalidField(campo, 'El cliente no existe.');
    } else if (body.cliente_documento) {
      campo = 'cliente_documento';
      cliente = await this.clientes.findOrCreateByDocumento(manager, empresaId, {
        documento: body.cliente_documento,
        datos: body.cliente_datos ?? '',
        direccion: body.cliente_direccion ?? null,
        tipo_doc: body.cliente_tipo_doc,
      });
    } else {
      throw invalidField('id_cliente', 'Indique id_cliente, o cliente_documento y cliente_datos.');
    }
    assertClienteDeFactura(tipo, tipoOperacion, cliente, campo);
    return cliente;
  }
}
