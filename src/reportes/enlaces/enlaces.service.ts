import { randomBytes } from 'node:crypto';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthContext } from '@/common/context/request-context';
import { forbidden } from '@/common/errors/http-errors';
import { EnlaceArchivosService } from './enlace-archivos.service';
import { ArchivoEnlace, PERMISO_ENLACE, TIPOS_ENLACE, TipoEnlace } from './enlace-recursos';

/** Five minutes: long enough to open the link the client just asked for, too short to share it. */
export const ENLACE_TTL_SEGUNDOS = 300;
const AUDIENCE = 'enlace-descarga';

export const ENLACE_INVALIDO = 'Enlace no válido o vencido.';

interface EnlaceClaims {
  /** Company the file belongs to (the caller's active company when the link was made). */
  emp: number;
  /** User who asked for the link (audit only; the link is the credential). */
  sub: string;
  tipo: TipoEnlace;
  id: number;
}

export interface EnlaceCreado {
  success: true;
  url: string;
  expira_en: string;
}

@Injectable()
export class EnlacesService {
  constructor(
    private readonly jwt: JwtService,
    private readonly archivos: EnlaceArchivosService,
  ) {}

  /**
   * The caller may read the file now (the permission of its normal route, the active company's record,
   * the file exists): then a link for that one file, signed, valid five minutes.
   */
  async crear(auth: AuthContext, tipo: TipoEnlace, id: number): Promise<EnlaceCreado> {
    if (!auth.isAdmin && !auth.permissions.includes(PERMISO_ENLACE[tipo])) throw forbidden();
    await this.archivos.leer(tipo, auth.empresaId, id);
    const claims: EnlaceClaims = { emp: auth.empresaId, sub: String(auth.userId), tipo, id };
    // jwtid: what the log shows of the link instead of its token (common/logging/loggable-url.ts)
    const token = await this.jwt.signAsync(claims, { expiresIn: ENLACE_TTL_SEGUNDOS, audience: AUDIENCE, jwtid: randomBytes(9).toString('base64url') });
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    return { success: true, url: `/api/enlaces/${token}`, expira_en: new Date(exp * 1000).toISOString() };
  }

  /** The one file a valid link names; 401 for an expired, tampered or foreign-key link. */
  async abrir(token: string): Promise<ArchivoEnlace> {
    const claims = await this.verificar(token);
    return this.archivos.leer(claims.tipo, claims.emp, claims.id);
  }

  private async verificar(token: string): Promise<EnlaceClaims> {
    try {
      const claims = await this.jwt.verifyAsync<EnlaceClaims & { aud?: unknown }>(token, { audience: AUDIENCE });
      const valid = Number.isInteger(claims.emp) && Number.isInteger(claims.id) && (TIPOS_ENLACE as readonly string[]).includes(claims.tipo);
      if (valid) return claims;
    } catch {
      // expired, bad signature, wrong audience or algorithm, not a JWT: all the same answer
    }
    throw new HttpException({ success: false, message: ENLACE_INVALIDO }, HttpStatus.UNAUTHORIZED);
  }
}
