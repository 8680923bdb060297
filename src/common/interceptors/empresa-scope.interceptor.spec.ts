import { AuthPrincipal } from '../context/request-context';
import { scopeOf } from './empresa-scope.interceptor';

const principal = (over: Partial<AuthPrincipal>): AuthPrincipal => ({
  userId: 7,
  rolId: 2,
  tokenId: '15',
  permissions: ['ventas.view'],
  isAdmin: false,
  userEmpresaId: 1,
  empresaActiva: 1,
  ...over,
});

describe('EmpresaScopeInterceptor scope', () => {
  it('acts on the company an administrator switched to', () => {
    expect(scopeOf(principal({ rolId: 1, isAdmin: true, permissions: [], empresaActiva: 3 }))).toEqual({
      userId: 7,
      rolId: 1,
      empresaId: 3,
      tokenId: '15',
      isAdmin: true,
      permissions: [],
    });
  });

  it("ignores a switch stored on a demoted user's token: the user's own company", () => {
    expect(scopeOf(principal({ empresaActiva: 3 })).empresaId).toBe(1);
  });
});
