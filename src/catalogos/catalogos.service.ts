import { Injectable } from '@nestjs/common';
import { notFound } from '@/common/errors/http-errors';
import { descripcion, entradas, EntradaCatalogo, esCodigo, esNumeroCatalogo, NumeroCatalogo } from './catalogos-data';

/** SUNAT's catalogues for other modules and for GET /api/catalogos/{numero}; the data is loaded once. */
@Injectable()
export class CatalogosService {
  esCodigo(catalogo: NumeroCatalogo, codigo: unknown): boolean {
    return esCodigo(catalogo, codigo);
  }

  descripcion(catalogo: NumeroCatalogo, codigo: string): string | undefined {
    return descripcion(catalogo, codigo);
  }

  /** A catalogue's entries, filtered by `q`; 404 for a catalogue the service does not hold. */
  listar(numero: string, q?: string): EntradaCatalogo[] {
    if (!esNumeroCatalogo(numero)) throw notFound('Catálogo');
    return entradas(numero, q);
  }
}
