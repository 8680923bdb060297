import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { EnlacesController } from './enlaces.controller';

export const ENLACES_DOCS: DocsDe<EnlacesController> = {
  crear: {
    summary: 'Crear un enlace firmado de descarga (5 minutos, un archivo)',
    description: 'Para abrir un PDF, XML o CDR en el navegador sin poner el token de 8 horas en la URL. Exige el permiso de ver el registro.',
    body: { tipo: 'venta-pdf', id: 1 },
  },
  abrir: {
    summary: 'Abrir un enlace firmado',
    description: 'Use la `url` que devolvió `POST /api/enlaces` (el token es la credencial: sin cabecera Authorization). Vencido o alterado: 401.',
    publico: true,
    params: { token: 'pegue-aqui-el-token-de-la-url' },
    respuesta: { archivo: 'application/pdf', description: 'El archivo (PDF, XML o ZIP según el tipo del enlace).' },
  },
};
