import { HttpException, HttpStatus } from '@nestjs/common';
import { MSG } from '@/common/errors/messages';
import { CreateCotizacionDto } from './dto/cotizacion-body.dto';

/**
 * SPEC.md's three ways to name the client, of which a body uses exactly one:
 * 1. id_cliente: an existing client of the company;
 * 2. cliente_documento + cliente_datos (+ cliente_direccion): the company's client with that documento,
 *    created in the same transaction when missing (an existing one keeps its stored name and address);
 * 3. cliente_nombre: free text, not stored as a client.
 * SPEC.md requires none of them: a body without any is a quotation for no one in particular, stored and
 * printed as the free-text client CLIENTES_VARIOS (docs/API.md "Shape (issue 15)").
 */
export type OpcionCliente =
  | { tipo: 'existente'; id_cliente: number }
  | { tipo: 'documento'; documento: string; datos: string; direccion: string | null }
  | { tipo: 'libre'; nombre: string };

const UNA_SOLA = 'Indique el cliente de una sola forma: id_cliente; cliente_documento y cliente_datos; o cliente_nombre.';

/** The client of a quotation that names none (the usual Peruvian wording for an unidentified customer). */
export const CLIENTES_VARIOS = 'CLIENTES VARIOS';

const given = (v: unknown) => v !== undefined && v !== null;

export function opcionCliente(dto: CreateCotizacionDto): OpcionCliente {
  const porDocumento = (['cliente_documento', 'cliente_datos', 'cliente_direccion'] as const).find((f) => given(dto[f]));
  const elegidas = [given(dto.id_cliente) && 'id_cliente', porDocumento, given(dto.cliente_nombre) && 'cliente_nombre'].filter(
    (f): f is string => typeof f === 'string',
  );
  if (elegidas.length === 0) return { tipo: 'libre', nombre: CLIENTES_VARIOS };
  if (elegidas.length > 1) throw invalidFields(elegidas, UNA_SOLA);
  if (given(dto.id_cliente)) return { tipo: 'existente', id_cliente: dto.id_cliente! };
  if (given(dto.cliente_nombre)) return { tipo: 'libre', nombre: dto.cliente_nombre! };
  if (!given(dto.cliente_documento)) throw invalidFields(['cliente_documento'], 'Indique cliente_documento (DNI o RUC) junto con cliente_datos.');
  if (!given(dto.cliente_datos)) throw invalidFields(['cliente_datos'], 'Indique cliente_datos (nombre o razón social) junto con cliente_documento.');
  return { tipo: 'documento', documento: dto.cliente_documento!, datos: dto.cliente_datos!, direccion: dto.cliente_direccion?.trim() || null };
}

/** API.md's 422 with the same message on several fields. */
function invalidFields(fields: string[], message: string): HttpException {
  return new HttpException(
    { success: false, message: MSG.datosInvalidos, errors: Object.fromEntries(fields.map((f) => [f, [message]])) },
    HttpStatus.UNPROCESSABLE_ENTITY,
  );
}
