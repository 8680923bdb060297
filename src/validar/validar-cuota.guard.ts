import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ClsService } from 'nestjs-cls';
import { DataSource } from 'typeorm';
import { AppClsStore } from '@/common/context/request-context';
import { ValidarPool } from './validar-pool';

export const VALIDAR_DEMASIADAS = (segundos: number) =>
  `Demasiadas validaciones de XML seguidas; intente nuevamente en ${segundos} ${segundos === 1 ? 'segundo' : 'segundos'}.`;

/**
 * Requests to /api/validar per user: VALIDAR_RATE_MAX in a fixed window of VALIDAR_RATE_WINDOW_SECONDS (starting at
 * its first request), counted by one atomic upsert in PostgreSQL (every process of a cluster shares it) before the
 * body is read; beyond it 429 with Retry-After (the seconds left in the window).
 */
@Injectable()
export class ValidarCuotaGuard implements CanActivate {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cls: ClsService<AppClsStore>,
    private readonly pool: ValidarPool,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const principal = this.cls.get('principal');
    if (!principal) return false;
    const { maxPorVentana, ventanaSegundos } = this.pool.settings;
    const rows: Array<{ solicitudes: number; restante: number }> = await this.dataSource.query(
      `INSERT INTO validar_cuota AS c (id_usuario, solicitudes, ventana_inicio) VALUES ($1, 1, now())
       ON CONFLICT (id_usuario) DO UPDATE SET
         solicitudes = CASE WHEN c.ventana_inicio <= now() - make_interval(secs => $2) THEN 1 ELSE LEAST(c.solicitudes, $3) + 1 END,
         ventana_inicio = CASE WHEN c.ventana_inicio <= now() - make_interval(secs => $2) THEN now() ELSE c.ventana_inicio END
       RETURNING solicitudes, ceil(extract(epoch FROM ventana_inicio + make_interval(secs => $2) - now()))::int AS restante`,
      [principal.userId, ventanaSegundos, maxPorVentana],
    );
    const { solicitudes, restante } = rows[0];
    if (solicitudes <= maxPorVentana) return true;
    const segundos = Math.max(1, restante);
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(segundos));
    throw new HttpException({ success: false, message: VALIDAR_DEMASIADAS(segundos) }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
