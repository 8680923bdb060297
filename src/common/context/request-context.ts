import { ClsStore } from 'nestjs-cls';

/**
 * Who is calling, as the bearer strategy resolved it (AuthGuard): identity, role permissions and the
 * companies the token may act on. PermissionsGuard reads it; services never do (they read AuthContext).
 */
export interface AuthPrincipal {
  userId: number;
  rolId: number;
  tokenId: string;
  permissions: string[];
  isAdmin: boolean;
  /** The user's own company. */
  userEmpresaId: number;
  /** The company stored on the token (an administrator's switch-empresa). */
  empresaActiva: number;
}

/** Who is calling and on behalf of which company: set by the EmpresaScopeInterceptor, read by services. */
export interface AuthContext {
  userId: number;
  rolId: number;
  /** The company the request acts on: the user's, or the one an administrator switched to. */
  empresaId: number;
  tokenId: string;
  permissions: string[];
  isAdmin: boolean;
}

export interface AppClsStore extends ClsStore {
  principal?: AuthPrincipal;
  auth?: AuthContext;
  /** The Idempotency-Key this request claimed (its transactions mark the claim as done, see idempotency.subscriber.ts). */
  idempotency?: { empresaId: number; usuarioId: number; clave: string };
}

export const ADMIN_ROLE_ID = 1;
