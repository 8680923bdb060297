import { isEmail } from 'class-validator';
import { invalidField } from '@/common/errors/http-errors';

/** 422 on `destinatarios.N` for the first address that is not an e-mail; the list without repeats (case-insensitive). */
export function validarDestinatarios(destinatarios: string[] | undefined): string[] | undefined {
  if (!destinatarios) return undefined;
  const vistos = new Map<string, string>();
  destinatarios.forEach((d, i) => {
    const direccion = d.trim();
    if (!isEmail(direccion)) throw invalidField(`destinatarios.${i}`, `destinatarios.${i} debe ser un correo electrónico válido.`);
    if (!vistos.has(direccion.toLowerCase())) vistos.set(direccion.toLowerCase(), direccion);
  });
  return [...vistos.values()];
}
