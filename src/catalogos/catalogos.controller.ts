import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { CATALOGOS_DOCS } from './catalogos.openapi';
import { CatalogosService } from './catalogos.service';
import { CatalogoParamsDto, CatalogoQueryDto } from './dto/catalogo-query.dto';

/** SUNAT's catalogues: any authenticated user (no permission), any company. */
@ApiTags('catalogos')
@ApiBearerAuth()
@ApiDocs(CATALOGOS_DOCS)
@Controller('catalogos')
export class CatalogosController {
  constructor(private readonly catalogos: CatalogosService) {}

  @Get(':numero')
  listar(@Param() params: CatalogoParamsDto, @Query() query: CatalogoQueryDto) {
    return { success: true, data: this.catalogos.listar(params.numero, query.q) };
  }
}
