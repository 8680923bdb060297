import { ClsStore } from 'nestjs-cls';

/** Who is calling and on behalf of which company: set by the AuthGuard, read by services. */
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
  auth?: AuthContext;
}

export const ADMIN_ROLE_ID = 1;
