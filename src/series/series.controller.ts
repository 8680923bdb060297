import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { CreateSerieDto } from './dto/serie.dto';
import { SeriesService } from './series.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { SERIES_DOCS } from './series.openapi';

@ApiTags('series')
@ApiBearerAuth()
@ApiDocs(SERIES_DOCS)
@Controller('series')
export class SeriesController {
  constructor(private readonly series: SeriesService) {}

  @Get()
  async list(@EmpresaActual() empresaId: number) {
    return { success: true, data: await this.series.list(empresaId) };
  }

  @Post()
  @RequirePermission('empresas.edit')
  async create(@EmpresaActual() empresaId: number, @Body() dto: CreateSerieDto) {
    return { success: true, message: 'Serie creada correctamente.', data: await this.series.create(empresaId, dto) };
  }
}
