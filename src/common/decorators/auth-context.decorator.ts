import { createParamDecorator, ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import { ClsServiceManager } from 'nestjs-cls';
import { AppClsStore, AuthContext } from '../context/request-context';

export function currentAuth(): AuthContext {
  const auth = ClsServiceManager.getClsService<AppClsStore>().get('auth');
  // A missing context means a route was reached without the AuthGuard: fail loudly, never default.
  if (!auth) throw new InternalServerErrorException('Contexto de autenticación ausente');
  return auth;
}

/** The authenticated caller (user, role, active company). */
export const Auth = createParamDecorator((_: unknown, _ctx: ExecutionContext): AuthContext => currentAuth());

/** The id of the company the request acts on. */
export const EmpresaActual = createParamDecorator((_: unknown, _ctx: ExecutionContext): number => currentAuth().empresaId);
