import { Body, Controller, Get, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Auth } from '@/common/decorators/auth-context.decorator';
import type { AuthContext } from '@/common/context/request-context';
import { Public } from '@/common/decorators/public.decorator';
import { CrearEnlaceDto } from './crear-enlace.dto';
import { EnlacesService } from './enlaces.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { ENLACES_DOCS } from './enlaces.openapi';

/**
 * Short-lived signed download links: a browser opens one file without the 8-hour token in its URL.
 * POST checks the permission per `tipo` itself (it depends on the body), so it carries none here.
 */
@ApiTags('enlaces')
@ApiDocs(ENLACES_DOCS)
@Controller('enlaces')
export class EnlacesController {
  constructor(private readonly enlaces: EnlacesService) {}

  @Post()
  @ApiBearerAuth()
  crear(@Auth() auth: AuthContext, @Body() dto: CrearEnlaceDto) {
    return this.enlaces.crear(auth, dto.tipo, dto.id);
  }

  /** The link itself is the credential (signed, five minutes, one file): no bearer header. */
  @Public()
  @Get(':token')
  async abrir(@Param('token') token: string): Promise<StreamableFile> {
    const a = await this.enlaces.abrir(token);
    return new StreamableFile(a.data, { type: a.contentType, disposition: `${a.disposition}; filename="${a.nombre}"`, length: a.data.length });
  }
}
