/** Where each kind of file of a company lives in the DocumentStorage. Names are ours, never user input. */
const NAME = /^[0-9A-Za-z-]+$/;

function checked(name: string): string {
  if (!NAME.test(name)) throw new Error(`Nombre de documento inválido: ${name}`);
  return name;
}

export const storageKeys = {
  xml: (empresaId: number, name: string) => `empresa-${empresaId}/xml/${checked(name)}.xml`,
  cdr: (empresaId: number, name: string) => `empresa-${empresaId}/cdr/R-${checked(name)}.zip`,
  raw: (empresaId: number, label: string) => `empresa-${empresaId}/raw/${checked(label)}-${Date.now()}.txt`,
};

/** A document name as shown to users ('20000000001-07-FC01-1' or with '.xml'); null when not ours. */
export function documentNameOf(nombre: string): string | null {
  const name = nombre.endsWith('.xml') ? nombre.slice(0, -4) : nombre;
  return /^\d{11}-(01|03|07|08|09|RC|RA)-[0-9A-Z]{1,8}-\d{1,8}$/.test(name) ? name : null;
}
