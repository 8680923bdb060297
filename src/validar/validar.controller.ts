import { Controller, HttpCode, Param, Post, Req, UploadedFile, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { tooLarge, ValidacionRespuesta, ValidarService, VALIDAR_MAX_BYTES } from './validar.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { VALIDAR_DOCS } from './validar.openapi';
import { ValidarCuotaGuard } from './validar-cuota.guard';
import { ValidarTamanoFilter } from './validar-tamano.filter';

/** Reads a raw (non-multipart) body up to the limit: application/xml, text/xml or anything not parsed before. */
function rawBody(req: Request): Promise<Buffer | undefined> {
  if (req.readableEnded) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > VALIDAR_MAX_BYTES) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => failed || resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

@ApiTags('validar')
@ApiBearerAuth()
@ApiDocs(VALIDAR_DOCS)
@Controller('validar')
export class ValidarController {
  constructor(private readonly service: ValidarService) {}

  @Post(':tipo')
  @HttpCode(200)
  @ApiOperation({
    summary: 'SUNAT rules on a UBL XML made elsewhere (authentication only)',
    description:
      'tipo 01|03|07|08|09|RC|RA; the XML as the raw body (application/xml) or a multipart field archivo; 2 MB at most; no DTD. ' +
      'Own worker pool: 503 with Retry-After when full, 429 with Retry-After past the per-user rate, 422 past the time limit.',
  })
  @ApiConsumes('application/xml', 'multipart/form-data')
  // the per-user rate runs before the body (multipart or raw) is read
  @UseGuards(ValidarCuotaGuard)
  @UseFilters(ValidarTamanoFilter)
  @UseInterceptors(FileInterceptor('archivo', { limits: { fileSize: VALIDAR_MAX_BYTES, files: 1 } }))
  async validar(@Param('tipo') tipo: string, @Req() req: Request, @UploadedFile() archivo?: Express.Multer.File): Promise<ValidacionRespuesta> {
    const multipart = req.is('multipart/form-data');
    const xml = archivo?.buffer ?? (multipart ? undefined : await rawBody(req));
    const nombre = archivo?.originalname ?? (typeof req.query.nombre === 'string' ? req.query.nombre : undefined);
    return this.service.validar(tipo, xml, nombre);
  }
}
