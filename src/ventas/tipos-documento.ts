import { TipoDocumentoView } from './dto/venta-view';

export const FACTURA = '01';
export const BOLETA = '03';

const TIPOS: Record<string, TipoDocumentoView> = {
  '01': { cod_sunat: '01', abreviatura: 'FT', descripcion: 'FACTURA ELECTRÓNICA' },
  '03': { cod_sunat: '03', abreviatura: 'BV', descripcion: 'BOLETA DE VENTA ELECTRÓNICA' },
};

export function tipoDocumentoView(cod: string): TipoDocumentoView {
  return TIPOS[cod] ?? { cod_sunat: cod, abreviatura: cod, descripcion: cod };
}
