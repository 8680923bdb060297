import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '@/common/decorators/public.decorator';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { HEALTH_DOCS } from './health.openapi';

@ApiTags('health')
@ApiDocs(HEALTH_DOCS)
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** Liveness plus a database round trip; 503 when PostgreSQL does not answer. */
  @Public()
  @Get()
  async check(@Res() res: Response) {
    try {
      await this.dataSource.query('SELECT 1');
      res.status(HttpStatus.OK).json({ success: true, status: 'ok', database: 'ok' });
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ success: false, status: 'error', database: 'down' });
    }
  }
}
