/** The Description texts SUNAT writes in its CDRs (as in the stored samples, double space included). */
export function acceptedDescription(tipo: string, id: string): string {
  switch (tipo) {
    case '01':
      return `La Factura numero ${id}, ha sido aceptada`;
    case '03':
      return `La Boleta numero ${id}, ha sido aceptada`;
    case '07':
      return `La Nota de Credito numero ${id}, ha sido aceptada`;
    case '08':
      return `La Nota de Debito numero ${id}, ha sido aceptada`;
    case '09':
      return `El Comprobante  numero ${id}, ha sido aceptado`;
    case 'RA':
      return `La Comunicacion de baja ${id}, ha sido aceptada`;
    case 'RC':
      return `El Resumen diario ${id}, ha sido aceptado`;
    default:
      return `El Comprobante numero ${id}, ha sido aceptado`;
  }
}
