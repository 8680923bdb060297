import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { AuthController } from './auth.controller';

export const AUTH_DOCS: DocsDe<AuthController> = {
  login: {
    summary: 'Iniciar sesión',
    description: 'Devuelve el token (`Authorization: Bearer <token>`, botón Authorize), el usuario, sus empresas y permisos.',
    body: { user: 'admin', password: 'admin12345' },
    publico: true,
  },
  verify: { summary: 'Verificar el token' },
  refresh: { summary: 'Renovar el token', description: 'Revoca el token presentado y devuelve uno nuevo.' },
  changePassword: {
    summary: 'Cambiar la contraseña propia',
    description: 'Cierra las demás sesiones del usuario. Tras ejecutarlo, el ejemplo de login usa la contraseña nueva.',
    body: { password_actual: 'admin12345', password: 'Facturas-Lima-2025' },
  },
  logout: { summary: 'Cerrar sesión', description: 'Revoca el token actual (también `POST /api/logout`).' },
  switchEmpresa: {
    summary: 'Cambiar la empresa activa (administradores)',
    description: 'Afecta solo al token actual (también `POST /api/switch-empresa`).',
    body: { id_empresa: 1 },
  },
};
